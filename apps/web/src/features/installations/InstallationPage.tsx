import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Check, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DocumentUpload } from '../../shared/DocumentUpload.tsx';
import { useDates } from '../../shared/dates.ts';
import { Facts } from '../../shared/Facts.tsx';
import { FormDialog } from '../../shared/FormDialog.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { submitRecord } from '../../shared/RecordList.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { AssetsTable } from '../assets/AssetsTable.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { InstallationQuery, SignOffInstallationMutation } from './documents.ts';
import { CHECKS } from './installationValues.ts';

/**
 * /asset-installation/view?id=…: one installation — when, where, by whom, its checklist, report and
 * assets — with Sign off and Send back for a second user who may decide it.
 */
export function Component() {
  const { t } = useTranslation();
  const dates = useDates();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const query = useQuery(InstallationQuery, { variables: { id }, skip: !id });
  const [deciding, setDeciding] = useState<'SIGN_OFF' | 'SEND_BACK' | null>(null);
  const [decide] = useMutation(SignOffInstallationMutation);
  if (query.error)
    return <RouteProblem error={query.error} onRetry={() => askAgain(query.refetch)} />;
  const installation = query.data?.assetInstallation;
  if (!installation) return <LoadingDots label={t('common.loading')} />;
  const when = dates.dateTime;
  const installer =
    installation.installerKind === 'VENDOR'
      ? `${installation.engineerName ?? ''} (${installation.vendorName ?? ''})`
      : (installation.installedByStaffName ?? '');
  const facts: [string, string | null | undefined][] = [
    [t('installations.installedAt'), when(installation.installedAt)],
    [t('installations.location'), installation.locationName],
    [t('installations.installedBy'), installer],
    [t('installations.goodsReceiptNote'), installation.goodsReceiptNoteNumber],
    [
      t('installations.warrantyFromInstallation'),
      installation.warrantyFromInstallation ? t('installations.yes') : t('installations.no'),
    ],
    [t('installations.remarks'), installation.remarks],
    [
      t('installations.recordedBy'),
      `${installation.recordedByName ?? ''} · ${when(installation.recordedAt)}`,
    ],
    [
      t('installations.decidedBy'),
      installation.decidedAt
        ? `${installation.decidedByName ?? ''} · ${when(installation.decidedAt)}`
        : null,
    ],
    [t('installations.decisionRemarks'), installation.decisionRemarks],
  ];
  const sentence = t('installations.signOffText', {
    count: installation.assetCount,
    date: dates.date(installation.installedAt),
    location: installation.locationName,
  });

  return (
    <PageCard
      title={t('installations.title', { number: installation.number })}
      description={installation.locationName}
      toolbar={
        <HStack gap="2">
          <StatusChip chip={installation.status} />
          {installation.canSignOff ? (
            <>
              <Button size="sm" variant="outline" onClick={() => setDeciding('SEND_BACK')}>
                <Undo2 aria-hidden />
                {t('installations.sendBack')}
              </Button>
              <Button size="sm" colorPalette="brand" onClick={() => setDeciding('SIGN_OFF')}>
                <Check aria-hidden />
                {t('installations.signOff')}
              </Button>
            </>
          ) : null}
        </HStack>
      }
    >
      <Facts facts={facts} />
      <Stack as="section" gap="2">
        <Heading as="h2" size="md">
          {t('installations.checklist')}
        </Heading>
        <Facts
          size="sm"
          facts={CHECKS.map((check) => [
            t(`installations.checks.${check}`),
            installation.checklist[check] ? t('installations.yes') : t('installations.no'),
          ])}
        />
      </Stack>
      {installation.canAttachReport ? (
        <DocumentUpload
          label={t('installations.report')}
          uploadLabel={t('installations.uploadReport')}
          viewLabel={t('installations.viewReport')}
          target="/uploads/asset-installation-report"
          params={{ assetInstallationId: installation.id }}
          url={installation.reportUrl ?? null}
          onUploaded={() => askAgain(query.refetch)}
        />
      ) : installation.reportUrl ? (
        <Link href={installation.reportUrl} target="_blank" rel="noopener">
          {t('installations.viewReport')}
        </Link>
      ) : null}
      <AssetsTable assets={installation.assets} />
      {deciding ? (
        <FormDialog<{ remarks: string }>
          title={t(
            deciding === 'SIGN_OFF' ? 'installations.signOffTitle' : 'installations.sendBackTitle',
            { number: installation.number },
          )}
          submitLabel={t(
            deciding === 'SIGN_OFF' ? 'installations.signOff' : 'installations.sendBack',
          )}
          defaultValues={{ remarks: '' }}
          onClose={() => setDeciding(null)}
          onSubmit={({ remarks }) =>
            submitRecord(
              t,
              async () => {
                const answer = await decide({
                  variables: {
                    input: {
                      id: installation.id,
                      decision: deciding,
                      remarks: remarks.trim() === '' ? null : remarks.trim(),
                    },
                  },
                });
                return answer.data?.signOffAssetInstallation.message ?? '';
              },
              () => {
                setDeciding(null);
                askAgain(query.refetch);
              },
            )
          }
        >
          {(_form, F) => (
            <>
              {deciding === 'SIGN_OFF' ? (
                <Text gridColumn={{ md: 'span 2' }}>{sentence}</Text>
              ) : null}
              <F.TextArea
                name="remarks"
                label={
                  deciding === 'SIGN_OFF'
                    ? 'installations.decisionRemarks'
                    : 'installations.sendBackRemarks'
                }
                required={deciding === 'SEND_BACK'}
                rows={3}
              />
            </>
          )}
        </FormDialog>
      ) : null}
    </PageCard>
  );
}
