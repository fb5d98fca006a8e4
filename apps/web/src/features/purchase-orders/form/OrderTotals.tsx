import { amountInWords, formatRupees } from '@branch-assets/domain';
import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LiveTotals } from './orderValues.ts';

/**
 * The order's totals as the user types: what the server will store, computed by the same domain
 * function. The taxes shown follow the supply: CGST and SGST within the billed branch's state,
 * IGST across states, none from an unregistered supplier (who gives no input tax credit).
 */
export function OrderTotals({ live }: { live: LiveTotals | null }) {
  const { t } = useTranslation();
  if (!live)
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="order-totals">
        {t('orderForm.totalsPending')}
      </Text>
    );
  const { totals, supply } = live;
  const rows: [string, number][] = [
    [t('purchaseOrders.subTotal'), totals.subTotal],
    [t('purchaseOrders.discount'), -totals.discount],
    [t('purchaseOrders.freight'), totals.freight],
    ...(supply === 'intra'
      ? ([
          [t('purchaseOrders.cgst'), totals.cgst],
          [t('purchaseOrders.sgst'), totals.sgst],
        ] as [string, number][])
      : supply === 'inter'
        ? ([[t('purchaseOrders.igst'), totals.igst]] as [string, number][])
        : []),
    [t('purchaseOrders.roundOff'), totals.roundOff],
  ];
  return (
    <Stack gap="2" data-testid="order-totals" aria-live="polite">
      <Text fontSize="sm" color="fg.muted">
        {t(`orderForm.supply.${supply}`)}
      </Text>
      <Table.Root size="sm" maxW="md" ms="auto">
        <Table.Body>
          {rows.map(([label, amount]) => (
            <Table.Row key={label}>
              <Table.Cell>{label}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatRupees(amount)}
              </Table.Cell>
            </Table.Row>
          ))}
          <Table.Row fontWeight="semibold">
            <Table.Cell>{t('purchaseOrders.total')}</Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" data-testid="grand-total">
              {formatRupees(totals.grandTotal)}
            </Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
      <Box textAlign="end" fontSize="sm" color="fg.muted">
        {amountInWords(totals.grandTotal)}
      </Box>
    </Stack>
  );
}
