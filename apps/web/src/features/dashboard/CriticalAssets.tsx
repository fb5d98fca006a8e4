import { Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DashboardQuery } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';

type Critical = DashboardQuery['dashboard']['criticalAssets'][number];

/** The asset page of one asset. */
const assetUrl = (id: string) => `/asset/view?id=${id}`;

const hours = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** High-criticality assets out of order or under repair, the longest down first. */
export function CriticalAssets({
  assets,
  answers,
  busy,
}: {
  assets: readonly Critical[];
  /** The address the rows answer (listStateOf), for whoever waits for them, as on a list. */
  answers: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const id = `${useId()}-heading`;
  const end = { textAlign: 'end', whiteSpace: 'nowrap' } as const;
  return (
    <Stack as="section" gap="2" aria-labelledby={id}>
      <Heading as="h2" size="sm" id={id}>
        {t('dashboard.critical')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('dashboard.criticalExplained')}
      </Text>
      {assets.length === 0 ? (
        <Text color="fg.muted">{t('dashboard.noCritical')}</Text>
      ) : (
        <Table.ScrollArea
          borderWidth="1px"
          borderRadius="md"
          tabIndex={0}
          role="group"
          aria-label={t('dashboard.critical')}
        >
          <Table.Root size="sm" aria-labelledby={id} data-list-state={answers} aria-busy={busy}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('dashboard.tag')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('dashboard.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('dashboard.branch')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('dashboard.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('dashboard.downSince')}</Table.ColumnHeader>
                <Table.ColumnHeader {...end}>{t('dashboard.downtime')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {assets.map((asset) => (
                <Table.Row key={asset.assetId}>
                  <Table.Cell whiteSpace="nowrap">
                    <Link asChild>
                      <RouterLink to={assetUrl(asset.assetId)}>{asset.tag}</RouterLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{asset.name}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{asset.branchCode}</Table.Cell>
                  <Table.Cell>{t(`assets.statuses.${asset.status}`)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{dates.dateTime(asset.downSince)}</Table.Cell>
                  <Table.Cell {...end}>{hours.format(asset.downtimeHours)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
