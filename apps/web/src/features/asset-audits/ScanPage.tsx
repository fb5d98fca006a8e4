import { useApolloClient, useQuery } from '@apollo/client/react';
import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Camera, Check, ImagePlus, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AssetCondition } from '../../gql/graphql.ts';
import { describeProblem } from '../../shared/errors.ts';
import { ChoiceOptions } from '../../shared/FormFields.tsx';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { describeUploadProblem, upload } from '../../shared/upload.ts';
import { CameraScan } from '../assets/CameraScan.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { AuditCounts } from './AuditPage.tsx';
import { AuditBranchChoicesQuery, AuditQuery, RecordScanMutation } from './documents.ts';
import { newScanId, type QueuedScan, ScanQueue, type SendOutcome } from './scanQueue.ts';
import { auditUrl } from './urls.ts';

const CONDITIONS: AssetCondition[] = ['GOOD', 'FAIR', 'POOR'];
const POLL_MS = 10_000;

interface Heard {
  scanId: string;
  text: string;
  itemId: string | null;
  tone: 'green' | 'orange' | 'red' | 'gray';
}

/** A failure that never reached the server (or its answer never came back): try again later. */
function unreachable(code: string): boolean {
  return code === 'UNREACHABLE' || code === 'UPSTREAM_UNAVAILABLE' || code === 'UPSTREAM_TIMEOUT';
}

/**
 * /asset-audit/scan?id=…: counting on a phone held in one hand. A label is read by the camera (the
 * big button at the bottom), a handheld scanner (it types the tag and Enter into the field) or
 * ticked on the list of what is still to find. Every scan is kept in the browser first and sent
 * from there (scanQueue.ts): with no signal the scans wait, and go when the phone is back online,
 * none lost and none counted twice.
 */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const client = useApolloClient();
  const query = useQuery(AuditQuery, { variables: { id }, skip: !id, pollInterval: POLL_MS });
  const audit = query.data?.assetAudit;
  const choices = useQuery(AuditBranchChoicesQuery, {
    variables: { branchId: audit?.branchId ?? '' },
    skip: !audit,
  });
  const queue = useMemo(() => new ScanQueue(window.localStorage, id), [id]);
  const [waiting, setWaiting] = useState(() => queue.pending().length);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [standing, setStanding] = useState('');
  const [condition, setCondition] = useState<AssetCondition>('GOOD');
  const [typed, setTyped] = useState('');
  const [camera, setCamera] = useState(false);
  const [heard, setHeard] = useState<Heard[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const typedRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (audit?.locationId && standing === '') setStanding(audit.locationId);
  }, [audit?.locationId, standing]);

  const send = useCallback(
    async (scan: QueuedScan): Promise<SendOutcome> => {
      try {
        const answer = await client.mutate({
          mutation: RecordScanMutation,
          variables: {
            input: {
              auditId: scan.auditId,
              scanId: scan.scanId,
              code: scan.code ?? null,
              assetId: scan.assetId ?? null,
              locationId: scan.locationId ?? null,
              condition: scan.condition ?? null,
              remarks: scan.remarks ?? null,
              scannedAt: scan.scannedAt,
            },
          },
        });
        const result = answer.data?.recordAuditScan;
        if (result) {
          const tone =
            result.result === 'ALREADY_COUNTED'
              ? 'gray'
              : result.item.outcome === 'FOUND'
                ? 'green'
                : result.item.outcome === 'UNEXPECTED'
                  ? 'red'
                  : 'orange';
          setHeard((now) => [
            { scanId: scan.scanId, text: result.message, itemId: result.item.id, tone },
            ...now.filter((entry) => entry.scanId !== scan.scanId).slice(0, 9),
          ]);
        }
        return 'answered';
      } catch (failure) {
        const found = describeProblem(failure, t);
        if (unreachable(found.code)) return 'unreachable';
        // Refused for good (the count was submitted meanwhile, …): said, and not kept.
        setHeard((now) => [
          { scanId: scan.scanId, text: found.message, itemId: null, tone: 'red' },
          ...now.slice(0, 9),
        ]);
        return 'answered';
      }
    },
    [client, t],
  );

  const flush = useCallback(async () => {
    if (!navigator.onLine) return;
    const { sent } = await queue.flush(send);
    setWaiting(queue.pending().length);
    if (sent > 0) askAgain(query.refetch);
  }, [queue, send, query.refetch]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    void flush();
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [flush]);

  const enqueue = (what: { code?: string; assetId?: string }) => {
    queue.add({
      scanId: newScanId(),
      auditId: id,
      ...what,
      ...(standing ? { locationId: standing } : {}),
      condition,
      scannedAt: new Date().toISOString(),
    });
    setWaiting(queue.pending().length);
    void flush();
  };

  if (query.error && !audit)
    return <RouteProblem error={query.error} onRetry={() => askAgain(query.refetch)} />;
  if (!audit) return <LoadingDots label={t('common.loading')} />;
  const toFind = audit.items.filter((item) => item.outcome === 'PENDING');

  const attachPhoto = async (itemId: string, file: File) => {
    setProblem(null);
    try {
      await upload({
        url: '/uploads/asset-audit-photo',
        file,
        params: { assetAuditId: id, itemId, fileName: file.name || 'photo.jpg' },
      });
      askAgain(query.refetch);
    } catch (failure) {
      setProblem(describeUploadProblem(failure, t).message);
    }
  };

  return (
    <PageCard
      title={t('audits.scanTitle', { number: audit.number })}
      description={`${audit.branchName} · ${audit.locationName ?? t('audits.wholeBranch')}`}
      toolbar={
        <HStack gap="2">
          <Badge colorPalette={online ? 'green' : 'red'} size="lg">
            {online ? t('audits.online') : t('audits.offline')}
          </Badge>
          {waiting > 0 ? (
            <Badge colorPalette="orange" size="lg" data-testid="queued">
              {t('audits.queued', { count: waiting })}
            </Badge>
          ) : null}
          <Button asChild size="sm" variant="outline">
            <RouterLink to={auditUrl(audit.id)}>{t('audits.backToAudit')}</RouterLink>
          </Button>
        </HStack>
      }
    >
      <Stack gap="4" pb="28">
        <AuditCounts audit={audit} />
        {!audit.canScan ? <InlineAlert status="info" title={t('audits.notCounting')} /> : null}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Field.Root>
            <Field.Label>{t('audits.standingIn')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={standing}
                onChange={(event) => setStanding(event.target.value)}
              >
                <ChoiceOptions
                  placeholder={t('audits.standingUnknown')}
                  options={choices.data?.assetLocationOptions ?? []}
                />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('audits.condition')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={condition}
                onChange={(event) => setCondition(event.target.value as AssetCondition)}
              >
                {CONDITIONS.map((value) => (
                  <option key={value} value={value}>
                    {t(`audits.conditions.${value}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const code = typed.trim();
            if (code === '') return;
            enqueue({ code });
            setTyped('');
            typedRef.current?.focus();
          }}
        >
          <Field.Root>
            <Field.Label>{t('audits.typeOrScan')}</Field.Label>
            <HStack>
              <Input
                ref={typedRef}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                disabled={!audit.canScan}
              />
              <Button type="submit" disabled={!audit.canScan}>
                {t('audits.record')}
              </Button>
            </HStack>
            <Field.HelperText>{t('audits.typeOrScanHint')}</Field.HelperText>
          </Field.Root>
        </form>
        <InlineAlert status="error" title={problem} />
        {heard.length > 0 ? (
          <Stack gap="1" aria-live="polite" data-testid="heard">
            {heard.map((entry) => (
              <HStack key={entry.scanId} gap="2" justify="space-between">
                <Badge colorPalette={entry.tone} size="md" whiteSpace="normal">
                  {entry.text}
                </Badge>
                {entry.itemId ? (
                  <Button asChild size="xs" variant="ghost">
                    <label>
                      <ImagePlus aria-hidden />
                      {t('audits.addPhoto')}
                      <input
                        type="file"
                        accept="image/png,image/jpeg,image/webp"
                        capture="environment"
                        hidden
                        onChange={(event) => {
                          const file = event.target.files?.[0];
                          if (file && entry.itemId) void attachPhoto(entry.itemId, file);
                        }}
                      />
                    </label>
                  </Button>
                ) : null}
              </HStack>
            ))}
          </Stack>
        ) : null}
        {camera ? (
          <CameraScan
            onCode={(code) => {
              setCamera(false);
              enqueue({ code });
            }}
            onProblem={(message) => {
              setCamera(false);
              setProblem(message);
            }}
          />
        ) : null}
        {toFind.length > 0 ? (
          <Stack gap="1">
            <Text fontWeight="semibold">{t('audits.toFind', { count: toFind.length })}</Text>
            {toFind.slice(0, 200).map((item) => (
              <HStack key={item.id} justify="space-between" borderBottomWidth="1px" py="1">
                <Text>
                  {item.assetTag} · {item.assetName}
                  {item.expectedLocationName ? ` · ${item.expectedLocationName}` : ''}
                </Text>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!audit.canScan}
                  onClick={() => enqueue({ assetId: item.assetId ?? undefined })}
                  aria-label={t('audits.tick', { tag: item.assetTag ?? '' })}
                >
                  <Check aria-hidden />
                  {t('audits.found')}
                </Button>
              </HStack>
            ))}
          </Stack>
        ) : null}
      </Stack>
      <Box
        position="fixed"
        insetX="0"
        bottom="0"
        p="3"
        bg="bg"
        borderTopWidth="1px"
        zIndex="docked"
      >
        <Button
          width="full"
          height="16"
          fontSize="lg"
          colorPalette={camera ? 'gray' : 'brand'}
          disabled={!audit.canScan}
          onClick={() => setCamera((now) => !now)}
        >
          {camera ? <X aria-hidden /> : <Camera aria-hidden />}
          {camera ? t('audits.stopCamera') : t('audits.scanLabel')}
        </Button>
      </Box>
    </PageCard>
  );
}
