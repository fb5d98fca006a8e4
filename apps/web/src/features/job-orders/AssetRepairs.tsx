import { useQuery } from '@apollo/client/react';
import { JOB_ASSET_STATUSES } from '@branch-assets/domain';
import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AssetStatus } from '../../gql/graphql.ts';
import { Facts } from '../../shared/Facts.tsx';
import { AssetReliabilityQuery, JobOrderGrantsQuery } from './documents.ts';
import { durationText } from './jobOrderValues.ts';
import { assetJobOrdersUrl, jobOrderUrl, newJobOrderUrl } from './urls.ts';

/*
 * What an asset's page shows of its repairs: a button to raise a job order on it, and its
 * reliability (breakdowns repaired, MTTR, MTBF, this year's downtime) with its open job order.
 */

interface AssetRef {
  id: string;
  branchId: string;
  assetStatus: AssetStatus;
}

/** The asset's new job order, for a user who may raise one, while the asset may have one. */
export function RaiseJobOrderButton({ asset }: { asset: AssetRef }) {
  const { t } = useTranslation();
  const grants = useQuery(JobOrderGrantsQuery, { variables: { branchId: asset.branchId } });
  const mayCreate = grants.data?.mayCreate === true;
  // An asset is on one open job at most: while it is, the Repairs section links to that job.
  const measured = useQuery(AssetReliabilityQuery, {
    variables: { assetId: asset.id },
    skip: !mayCreate,
  });
  if (
    !mayCreate ||
    !JOB_ASSET_STATUSES.includes(asset.assetStatus) ||
    !measured.data ||
    measured.data.assetReliability.openJobOrderId
  )
    return null;
  return (
    <Button asChild size="sm" variant="outline" colorPalette="orange">
      <RouterLink to={newJobOrderUrl(asset.id)}>
        <Wrench aria-hidden />
        {t('jobOrders.repairs.raise')}
      </RouterLink>
    </Button>
  );
}

/** The asset's repairs section, for a user who may see job orders. */
export function AssetRepairs({ asset }: { asset: AssetRef }) {
  const { t } = useTranslation();
  const grants = useQuery(JobOrderGrantsQuery, { variables: { branchId: asset.branchId } });
  const mayList = grants.data?.mayList === true;
  const measured = useQuery(AssetReliabilityQuery, {
    variables: { assetId: asset.id },
    skip: !mayList,
  });
  if (!mayList) return null;
  const title = t('jobOrders.repairs.heading');
  const reliability = measured.data?.assetReliability;
  const notYet = t('jobOrders.repairs.notYet');
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {!reliability ? (
        <Text color="fg.muted">
          {measured.error ? t('common.loadFailed') : t('common.loading')}
        </Text>
      ) : (
        <>
          <Facts
            size="sm"
            facts={[
              [t('jobOrders.repairs.failures'), String(reliability.failures)],
              [
                t('jobOrders.repairs.mttr'),
                typeof reliability.mttrMinutes === 'number'
                  ? durationText(reliability.mttrMinutes, t)
                  : notYet,
              ],
              [
                t('jobOrders.repairs.mtbf'),
                typeof reliability.mtbfDays === 'number'
                  ? t('jobOrders.repairs.days', { days: reliability.mtbfDays.toFixed(1) })
                  : notYet,
              ],
              [
                t('jobOrders.repairs.downtime'),
                t('jobOrders.repairs.hours', {
                  hours: reliability.downtimeHoursThisYear.toFixed(1),
                }),
              ],
            ]}
          />
          {reliability.openJobOrderId ? (
            <Text fontSize="sm">
              {t('jobOrders.repairs.openJob')}{' '}
              <Link asChild>
                <RouterLink to={jobOrderUrl(reliability.openJobOrderId)}>
                  {reliability.openJobNumber ?? reliability.openJobOrderId}
                </RouterLink>
              </Link>
            </Text>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {t('jobOrders.repairs.noOpenJob')}
            </Text>
          )}
          <Link asChild fontSize="sm" alignSelf="start">
            <RouterLink to={assetJobOrdersUrl(asset.id, asset.branchId)}>
              {t('jobOrders.repairs.allJobs')}
            </RouterLink>
          </Link>
        </>
      )}
    </Stack>
  );
}
