import { useQuery } from '@apollo/client/react';
import { Button, Heading, HStack, Link, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isBuilt } from '../../app/built-routes.ts';
import { OrderReceiptQuery } from '../goods-receipts/documents.ts';
import { receiptUrl } from '../goods-receipts/urls.ts';
import { CloseShortDialog } from './CloseShortDialog.tsx';

const NEW_RECEIPT = '/goods-receive-note/new';
/** The statuses in which goods have been or may be received. */
const RECEIVING = new Set([
  'APPROVED',
  'PARTIALLY_RECEIVED',
  'RECEIVED',
  'CLOSED_SHORT',
  'COMPLETED',
]);

/**
 * What an approved order has received, line by line, with its notes; and, for those allowed, the
 * way to receive the rest or to close the order short (GLPI's order plugin called a partly
 * delivered order "Delivered": here it says Partially received until every line is in).
 */
export function OrderReceipt({ orderId, onClosed }: { orderId: string; onClosed: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery(OrderReceiptQuery, {
    variables: { id: orderId },
    fetchPolicy: 'network-only',
  });
  const [closing, setClosing] = useState(false);
  const receipt = data?.purchaseOrderReceipt;
  if (!receipt || !RECEIVING.has(receipt.status.code ?? '')) return null;
  return (
    <Stack gap="3" as="section" aria-label={t('purchaseOrders.receipt')}>
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h3" size="sm">
          {t('purchaseOrders.receipt')}
        </Heading>
        <HStack gap="2">
          {receipt.canReceive && isBuilt(NEW_RECEIPT) ? (
            <Button size="sm" colorPalette="brand" asChild>
              <RouterLink to={`${NEW_RECEIPT}?order=${receipt.id}`}>
                <PackageCheck aria-hidden />
                {t('purchaseOrders.receiveGoods')}
              </RouterLink>
            </Button>
          ) : null}
          {receipt.canClose ? (
            <Button size="sm" variant="outline" onClick={() => setClosing(true)}>
              {t('purchaseOrders.closeShort')}
            </Button>
          ) : null}
        </HStack>
      </HStack>
      {receipt.closeReason ? (
        <Text fontSize="sm">
          {t('purchaseOrders.closedBecause', { reason: receipt.closeReason })}
        </Text>
      ) : null}
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>#</Table.ColumnHeader>
              <Table.ColumnHeader>{t('purchaseOrders.product')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('purchaseOrders.ordered')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {t('purchaseOrders.receivedQty')}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('goodsReceipts.rejected')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {t('purchaseOrders.pendingQty')}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {receipt.lines.map((line) => (
              <Table.Row key={line.id} data-testid={`receipt-row-${line.lineNo}`}>
                <Table.Cell>{line.lineNo}</Table.Cell>
                <Table.Cell>{line.itemName}</Table.Cell>
                <Table.Cell textAlign="end">{`${line.ordered} ${line.unit}`}</Table.Cell>
                <Table.Cell textAlign="end">{line.received}</Table.Cell>
                <Table.Cell textAlign="end">{line.rejected}</Table.Cell>
                <Table.Cell textAlign="end">{line.pending}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {receipt.notes.length > 0 ? (
        <Wrap gap="3" fontSize="sm" aria-label={t('purchaseOrders.notes')}>
          {receipt.notes.map((note) => (
            <Link key={note.id} asChild>
              <RouterLink to={receiptUrl(note.id)}>
                {`${note.number} (${t(`goodsReceipts.statuses.${note.status}`)})`}
              </RouterLink>
            </Link>
          ))}
        </Wrap>
      ) : null}
      {closing ? (
        <CloseShortDialog
          order={{ id: receipt.id, number: receipt.number }}
          onClose={() => setClosing(false)}
          onDone={() => {
            setClosing(false);
            onClosed();
          }}
        />
      ) : null}
    </Stack>
  );
}
