import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Text } from '@chakra-ui/react';
import { Building2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql/index.ts';
import { notifyError, notifySuccess } from '../../shared/alerts.tsx';
import { describeProblem } from '../../shared/errors.ts';
import { SessionQuery } from '../session/documents.ts';
import { useSession } from '../session/SessionContext.tsx';
import { BranchChooser, type ChooserBranch } from './BranchChooser.tsx';

export const ChooserBranchesQuery = graphql(`
  query ChooserBranches {
    branches { id code name logoUrl }
  }
`);

export const SetPrimaryBranchMutation = graphql(`
  mutation SetPrimaryBranch($branchId: ID!) {
    setPrimaryBranch(branchId: $branchId) { id code name logoUrl }
  }
`);

/**
 * The top bar's primary-branch button and the chooser it opens. Without a primary branch the
 * chooser opens by itself and cannot be closed until one is chosen. Choosing refetches the
 * session, and every list keyed on the primary branch reloads for the new one.
 */
export function PrimaryBranch() {
  const { t } = useTranslation();
  const session = useSession();
  const primary = session.primaryBranch;
  const [wanted, setWanted] = useState(false);
  const open = wanted || !primary;
  const { data } = useQuery(ChooserBranchesQuery, {
    skip: !open,
    fetchPolicy: 'cache-and-network',
  });
  const [setPrimary, { loading }] = useMutation(SetPrimaryBranchMutation, {
    refetchQueries: [SessionQuery],
    awaitRefetchQueries: true,
  });
  const [choosingId, setChoosingId] = useState<string | null>(null);
  const label = primary
    ? t('shell.primaryBranch', { code: primary.code, name: primary.name })
    : t('shell.chooseBranch');
  // The words before the code ('Primary branch: '), which give way first.
  const prefix =
    primary && label.indexOf(primary.code) > 0 ? label.slice(0, label.indexOf(primary.code)) : '';

  async function choose(branch: ChooserBranch) {
    setChoosingId(branch.id);
    try {
      await setPrimary({ variables: { branchId: branch.id } });
      setWanted(false);
      notifySuccess(t('branchChooser.changed', { code: branch.code, name: branch.name }));
    } catch (error) {
      notifyError(describeProblem(error, t).message);
    } finally {
      setChoosingId(null);
    }
  }

  return (
    <>
      {/*
       * In a narrow top bar the text is cut short on screen, the 'Primary branch:' before the code
       * shown only from 1536 px; the button's name and tooltip stay the whole text.
       */}
      <Button
        variant="outline"
        size="sm"
        minW="0"
        flexShrink={1}
        aria-label={label}
        title={label}
        onClick={() => setWanted(true)}
        data-testid="primary-branch"
      >
        <Building2 size={16} aria-hidden />
        <Text as="span" truncate>
          {prefix ? (
            <Box as="span" hideBelow="2xl">
              {prefix}
            </Box>
          ) : null}
          {label.slice(prefix.length)}
        </Text>
      </Button>
      {/* Mounted only while open, so that each opening starts with an empty search. */}
      {open ? (
        <BranchChooser
          open={open}
          closable={!!primary}
          branches={data?.branches}
          currentId={primary?.id}
          choosingId={loading ? choosingId : null}
          onChoose={(branch) => void choose(branch)}
          onClose={() => setWanted(false)}
        />
      ) : null}
    </>
  );
}
