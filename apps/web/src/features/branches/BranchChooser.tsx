import { BRANCH_CHOOSER_HEIGHT_PX, BRANCH_CHOOSER_WIDTH } from '@branch-assets/domain';
import { Box, Card, Image, Input, InputGroup, SimpleGrid, Spinner, Text } from '@chakra-ui/react';
import { Building2, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../shared/AppDialog.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';

export interface ChooserBranch {
  id: string;
  code: string;
  name: string;
  logoUrl?: string | null;
}

export interface BranchChooserProps {
  open: boolean;
  /** False on a first login without a primary branch: the dialog stays until one is chosen. */
  closable: boolean;
  branches: readonly ChooserBranch[] | undefined;
  currentId?: string | undefined;
  /** The branch being stored, while the call runs. */
  choosingId?: string | null;
  onChoose: (branch: ChooserBranch) => void;
  onClose: () => void;
}

/** The legacy branch chooser: a searchable grid of branch cards, all of them, no paging. */
export function BranchChooser(props: BranchChooserProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const query = search.trim().toLowerCase();
    const all = props.branches ?? [];
    return query
      ? all.filter((branch) => `${branch.code} ${branch.name}`.toLowerCase().includes(query))
      : all;
  }, [props.branches, search]);

  return (
    <AppDialog
      open={props.open}
      title={t('branchChooser.title')}
      description={t('branchChooser.description')}
      onClose={props.onClose}
      dismissible={props.closable}
      closeButton={props.closable}
      content={{ maxW: BRANCH_CHOOSER_WIDTH, width: BRANCH_CHOOSER_WIDTH }}
    >
      <InputGroup startElement={<Search size={16} aria-hidden />} mb="4">
        <Input
          type="search"
          aria-label={t('branchChooser.search')}
          placeholder={t('branchChooser.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </InputGroup>
      <Box maxHeight={`${BRANCH_CHOOSER_HEIGHT_PX}px`} overflowY="auto" data-testid="branch-grid">
        {props.branches === undefined ? (
          <LoadingDots label={t('common.loading')} />
        ) : shown.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="8">
            {t('branchChooser.none')}
          </Text>
        ) : (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="3" p="1">
            {shown.map((branch) => {
              const current = branch.id === props.currentId;
              return (
                <Card.Root
                  key={branch.id}
                  asChild
                  variant="outline"
                  borderColor={current ? 'brand.solid' : undefined}
                  borderWidth={current ? '2px' : '1px'}
                  cursor="pointer"
                  textAlign="start"
                  _hover={{ borderColor: 'brand.solid', shadow: 'md' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
                >
                  <button
                    type="button"
                    aria-current={current ? 'true' : undefined}
                    disabled={!!props.choosingId}
                    onClick={() => props.onChoose(branch)}
                  >
                    <Card.Body flexDirection="row" alignItems="center" gap="3" p="3">
                      {branch.logoUrl ? (
                        <Image src={branch.logoUrl} alt="" boxSize="12" objectFit="contain" />
                      ) : (
                        <Building2 size={40} aria-hidden />
                      )}
                      <Box minW="0">
                        <Text fontWeight="bold">{branch.code}</Text>
                        <Text fontSize="sm" color="fg.muted">
                          {branch.name}
                        </Text>
                      </Box>
                      {props.choosingId === branch.id ? <Spinner size="sm" ms="auto" /> : null}
                    </Card.Body>
                  </button>
                </Card.Root>
              );
            })}
          </SimpleGrid>
        )}
      </Box>
    </AppDialog>
  );
}
