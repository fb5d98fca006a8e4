import { useApolloClient, useQuery } from '@apollo/client/react';
import {
  Box,
  Button,
  Field,
  HStack,
  Input,
  Link,
  List,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { PageCard } from '../../shared/PageCard.tsx';
import { PageInfoQuery } from '../../shared/pageInfo.ts';
import { recordPageGate } from '../../shared/RecordList.tsx';
import { CameraScan } from './CameraScan.tsx';
import { AssetStatusChip } from './chips.tsx';
import { AssetByTagQuery, AssetSearchQuery } from './documents.ts';
import { qrDetector, scannedAsset } from './scan.ts';

const TYPING_PAUSE_MS = 250;

/**
 * /asset/search: one box that finds an asset by tag, serial number, name or model as the user
 * types; Enter (a USB or Bluetooth scanner ends what it types with it) opens the asset the tag
 * names, or the one match; a camera or a photo of a label's QR code opens its asset. Works on a
 * phone-sized screen.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const photo = useRef<HTMLInputElement>(null);
  const search = params.get('q') ?? '';
  const page = useQuery(PageInfoQuery, {
    variables: { module: 'asset', action: 'list' },
    fetchPolicy: 'cache-first',
  });
  const matches = useQuery(AssetSearchQuery, {
    variables: { search },
    skip: search === '' || page.data?.pageInfo.permitted !== true,
  });

  // Set once an asset is being opened: the search's address must not follow the box any more (a
  // pause's update landing after the navigation would replace the asset page's address).
  const leaving = useRef(false);
  // The address keeps the search (Back returns to it); it follows the box once typing pauses.
  useEffect(() => {
    const text = typed.trim();
    if (text === search) return;
    const timer = setTimeout(() => {
      if (!leaving.current) setParams(text ? { q: text } : {}, { replace: true });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, search, setParams]);

  /** Opens the asset a code names, or says why not. */
  const open = async (code: string) => {
    leaving.current = true;
    try {
      if (!(await openAsset(code))) leaving.current = false;
    } catch (error) {
      leaving.current = false;
      throw error;
    }
  };

  /** Navigates to the asset a code names (true), or says why not (false). */
  const openAsset = async (code: string): Promise<boolean> => {
    const named = scannedAsset(code);
    if (!named) return false;
    if ('id' in named) {
      navigate(`/asset/view?id=${named.id}`);
      return true;
    }
    const found = await client.query({ query: AssetByTagQuery, variables: { tag: named.tag } });
    const id = found.data?.assetByTag?.id;
    if (id) {
      navigate(`/asset/view?id=${id}`);
      return true;
    }
    // Not a tag: the one asset the search finds, if there is exactly one.
    const listed = await client.query({
      query: AssetSearchQuery,
      variables: { search: named.tag },
    });
    const rows = listed.data?.assets.rows ?? [];
    if (rows.length === 1 && rows[0]) {
      navigate(`/asset/view?id=${rows[0].id}`);
      return true;
    }
    setProblem(t('assets.find.notFound', { code: named.tag }));
    return false;
  };

  const readPhoto = async (file: File) => {
    setProblem(null);
    try {
      const detector = await qrDetector();
      const codes = await detector.detect(await createImageBitmap(file));
      const first = codes[0]?.rawValue;
      if (first) await open(first);
      else setProblem(t('assets.find.noCode'));
    } catch {
      setProblem(t('assets.find.noCode'));
    }
  };

  const gate = recordPageGate({
    page: { data: page.data?.pageInfo, error: page.error, refetch: page.refetch },
    loadingLabel: t('common.loading'),
  });
  if (gate) return gate;
  const rows = matches.data?.assets.rows ?? [];
  return (
    <PageCard
      title={t('assets.find.title')}
      description={t('assets.find.description')}
      toolbar={
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/asset/list">{t('assets.allAssets')}</RouterLink>
        </Button>
      }
    >
      <Stack gap="4" maxW="2xl">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setProblem(null);
            void open(typed);
          }}
        >
          <Field.Root>
            <Field.Label>{t('assets.find.box')}</Field.Label>
            <Input
              type="search"
              autoFocus
              autoComplete="off"
              enterKeyHint="search"
              value={typed}
              onChange={(event) => {
                setProblem(null);
                setTyped(event.target.value);
              }}
            />
            <Field.HelperText>{t('assets.find.scannerHint')}</Field.HelperText>
          </Field.Root>
        </form>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" colorPalette="brand" onClick={() => setScanning((on) => !on)}>
            {scanning ? t('assets.find.stopCamera') : t('assets.find.camera')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => photo.current?.click()}>
            {t('assets.find.photo')}
          </Button>
          <VisuallyHidden>
            <input
              ref={photo}
              type="file"
              accept="image/*"
              capture="environment"
              aria-label={t('assets.find.photo')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void readPhoto(file);
              }}
            />
          </VisuallyHidden>
        </HStack>
        {scanning ? (
          <CameraScan
            onCode={(code) => {
              setScanning(false);
              void open(code);
            }}
            onProblem={(message) => {
              setScanning(false);
              setProblem(message);
            }}
          />
        ) : null}
        <InlineAlert status="error" title={problem} />
        {search !== '' && matches.data && rows.length === 0 ? (
          <Text color="fg.muted">{t('common.noMatches')}</Text>
        ) : null}
        {rows.length > 0 ? (
          <List.Root variant="plain" gap="2" aria-label={t('assets.find.matches')}>
            {rows.map((row) => (
              <List.Item key={row.id} display="block">
                <Box borderWidth="1px" borderRadius="md" p="3">
                  <HStack justify="space-between" align="start" gap="2" wrap="wrap">
                    <Link asChild fontWeight="600">
                      <RouterLink to={`/asset/view?id=${row.id}`}>
                        {row.tag} · {row.name}
                      </RouterLink>
                    </Link>
                    <AssetStatusChip status={row.assetStatus} t={t} />
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {[row.serialNumber, row.model, row.branchName, row.locationName]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Box>
              </List.Item>
            ))}
          </List.Root>
        ) : null}
      </Stack>
    </PageCard>
  );
}
