import { useQuery } from '@apollo/client/react';
import { Button, HStack, Link, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useDates } from '../../shared/dates.ts';
import { Facts } from '../../shared/Facts.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { CancelReceiptDialog } from './CancelReceiptDialog.tsx';
import { GoodsReceiptQuery } from './documents.ts';

/** /goods-receive-note/view?id=…: one note, its lines and the assets they became. */
export function Component() {
  const { t } = useTranslation();
  const dates = useDates();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const query = useQuery(GoodsReceiptQuery, { variables: { id }, skip: !id });
  const [cancelling, setCancelling] = useState(false);
  if (query.error)
    return <RouteProblem error={query.error} onRetry={() => askAgain(query.refetch)} />;
  const note = query.data?.goodsReceiptNote;
  if (!note) return <LoadingDots label={t('common.loading')} />;

  const facts: [string, string][] = [
    [t('purchaseOrders.number'), note.purchaseOrderNumber],
    [t('purchaseOrders.vendor'), note.vendorName],
    [t('goodsReceipts.receivedDate'), dates.date(note.receivedDate)],
    [t('goodsReceipts.invoiceNumber'), note.invoiceNumber],
    [t('goodsReceipts.invoiceDate'), dates.date(note.invoiceDate)],
    [t('goodsReceipts.receivedBy'), note.receivedByName],
    ...(note.remarks ? ([[t('purchaseOrders.remarks'), note.remarks]] as [string, string][]) : []),
    ...(note.cancelReason
      ? ([[t('goodsReceipts.cancelReason'), note.cancelReason]] as [string, string][])
      : []),
  ];
  return (
    <PageCard
      title={t('goodsReceipts.title', { number: note.number })}
      description={note.vendorName}
      toolbar={
        <HStack gap="2">
          <StatusChip chip={note.status} />
          {note.canCancel ? (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setCancelling(true)}
            >
              <Ban aria-hidden />
              {t('goodsReceipts.cancelSubmit')}
            </Button>
          ) : null}
        </HStack>
      }
    >
      <Facts facts={facts} />
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>#</Table.ColumnHeader>
              <Table.ColumnHeader>{t('purchaseOrders.product')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {t('goodsReceipts.receivedNow')}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('goodsReceipts.accepted')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('goodsReceipts.rejected')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('goodsReceipts.assets')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {note.lines.map((line) => (
              <Table.Row key={line.purchaseOrderLineId}>
                <Table.Cell>{line.lineNo}</Table.Cell>
                <Table.Cell>
                  <Stack gap="0">
                    <Text>{line.itemName}</Text>
                    {line.rejectionReason ? (
                      <Text fontSize="xs" color="fg.muted">
                        {t('goodsReceipts.rejectedBecause', { reason: line.rejectionReason })}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Cell>
                <Table.Cell textAlign="end">{`${line.received} ${line.unit}`}</Table.Cell>
                <Table.Cell textAlign="end">{line.accepted}</Table.Cell>
                <Table.Cell textAlign="end">{line.rejected}</Table.Cell>
                <Table.Cell>
                  {line.kind === 'ACCESSORY' ? (
                    <Text fontSize="sm" color="fg.muted">
                      {t('goodsReceipts.toStock')}
                    </Text>
                  ) : (
                    <Wrap gap="2">
                      {line.assets.map((asset) => (
                        <Link key={asset.id} asChild fontSize="sm">
                          <RouterLink to={`/asset/view?id=${asset.id}`}>
                            {asset.serialNumber
                              ? `${asset.tag} (${asset.serialNumber})`
                              : asset.tag}
                          </RouterLink>
                        </Link>
                      ))}
                    </Wrap>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {cancelling ? (
        <CancelReceiptDialog
          note={note}
          onClose={() => setCancelling(false)}
          onDone={() => {
            setCancelling(false);
            askAgain(query.refetch);
          }}
        />
      ) : null}
    </PageCard>
  );
}
