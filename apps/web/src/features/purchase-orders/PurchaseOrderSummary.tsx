import {
  Box,
  DataList,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import DOMPurify from 'dompurify';
import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrderDetailQuery } from '../../gql/graphql.ts';
import { useDates } from '../../shared/dates.ts';
import { formatMoney } from '../../shared/money.ts';
import { StatusChip } from '../../shared/StatusChip.tsx';

export type PurchaseOrderDetail = PurchaseOrderDetailQuery['purchaseOrder'];

/** The read-only purchase order the preview, verify and approve dialogs all show. */
export function PurchaseOrderSummary({ order }: { order: PurchaseOrderDetail }) {
  const { t } = useTranslation();
  const dates = useDates();
  const facts: [string, string][] = [
    [t('purchaseOrders.number'), order.number],
    [t('purchaseOrders.date'), dates.date(order.date)],
    [t('purchaseOrders.billedTo'), order.billedBranchName],
    [t('purchaseOrders.shippedTo'), order.shippedBranchName],
    [t('purchaseOrders.vendor'), order.vendorName],
  ];
  const amounts: [string, string][] = [
    [t('purchaseOrders.subTotal'), order.subTotal],
    [t('purchaseOrders.discount'), order.discount],
    [t('purchaseOrders.freight'), order.freight],
    [t('purchaseOrders.sgst'), order.sgst],
    [t('purchaseOrders.cgst'), order.cgst],
    [t('purchaseOrders.igst'), order.igst],
    [t('purchaseOrders.roundOff'), order.roundOff],
  ];
  // Sanitised again here, whatever the server did: remarks are HTML typed by people.
  const remarks = DOMPurify.sanitize(order.remarksHtml, { USE_PROFILES: { html: true } });

  return (
    <Stack gap="6">
      {/* In the list's order, each under its column's name. */}
      <HStack gap="6" wrap="wrap" align="start">
        {(
          [
            [t('purchaseOrders.verificationStatus'), order.verification],
            [t('purchaseOrders.approvalStatus'), order.approval],
            [t('purchaseOrders.status'), order.status],
          ] as const
        ).map(([label, chip]) => (
          <Stack key={label} gap="1">
            <Text fontSize="xs" color="fg.muted">
              {label}
            </Text>
            <StatusChip chip={chip} />
          </Stack>
        ))}
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <DataList.Root orientation="horizontal" size="sm">
          {facts.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
          {order.documentUrl || order.quotationUrl ? (
            <DataList.Item>
              <DataList.ItemLabel minW="32">{t('purchaseOrders.documents')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <Stack gap="1">
                  {order.documentUrl ? (
                    <Link href={order.documentUrl} target="_blank" rel="noopener" color="brand.fg">
                      <FileDown size={14} aria-hidden />
                      {t('purchaseOrders.poDocument')}
                    </Link>
                  ) : null}
                  {order.quotationUrl ? (
                    <Link href={order.quotationUrl} target="_blank" rel="noopener" color="brand.fg">
                      <FileDown size={14} aria-hidden />
                      {t('purchaseOrders.quotation')}
                    </Link>
                  ) : null}
                </Stack>
              </DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList.Root>
        <DataList.Root orientation="horizontal" size="sm">
          {amounts.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
              <DataList.ItemValue justifyContent="end" fontVariantNumeric="tabular-nums">
                {formatMoney(value)}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
          <DataList.Item fontWeight="bold" borderTopWidth="1px" pt="2">
            <DataList.ItemLabel minW="32" color="fg">
              {t('purchaseOrders.total')}
            </DataList.ItemLabel>
            <DataList.ItemValue
              justifyContent="end"
              fontVariantNumeric="tabular-nums"
              data-testid="grand-total"
            >
              {formatMoney(order.grandTotal)}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </SimpleGrid>
      {remarks ? (
        <Box>
          <Heading as="h3" size="sm" mb="1">
            {t('purchaseOrders.remarks')}
          </Heading>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above */}
          <Box className="remarks" fontSize="sm" dangerouslySetInnerHTML={{ __html: remarks }} />
        </Box>
      ) : null}
      <Box>
        <Heading as="h3" size="sm" mb="2">
          {t('purchaseOrders.products')}
        </Heading>
        {/* Focusable, so a keyboard can scroll a long order's lines. */}
        <Table.ScrollArea
          borderWidth="1px"
          rounded="md"
          tabIndex={0}
          role="region"
          aria-label={t('purchaseOrders.products')}
        >
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('purchaseOrders.product')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('purchaseOrders.category')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('purchaseOrders.brand')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('purchaseOrders.quantity')}
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('purchaseOrders.rate')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('purchaseOrders.discount')}
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('purchaseOrders.taxRate')}
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('purchaseOrders.lineTotal')}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {order.products.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={8} textAlign="center" color="fg.muted">
                    {t('purchaseOrders.noProducts')}
                  </Table.Cell>
                </Table.Row>
              ) : (
                order.products.map((product) => (
                  <Table.Row key={product.id}>
                    <Table.Cell>
                      {product.name}
                      <Text fontSize="xs" color="fg.muted">
                        {product.typeName}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{product.categoryName}</Table.Cell>
                    <Table.Cell>{product.brandName}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {product.quantity.toLocaleString('en-IN')}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(product.rate)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(product.discount)}</Table.Cell>
                    <Table.Cell textAlign="end">{product.taxRate}%</Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(product.total)}</Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Box>
      <Box>
        <Heading as="h3" size="sm" mb="2">
          {t('purchaseOrders.history')}
        </Heading>
        {order.history.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {t('purchaseOrders.noHistory')}
          </Text>
        ) : (
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('purchaseOrders.historyAt')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('purchaseOrders.historyAction')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('purchaseOrders.historyStatus')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('purchaseOrders.historyReason')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('purchaseOrders.historyUser')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {order.history.map((entry) => (
                <Table.Row key={`${entry.at}-${entry.action}`}>
                  <Table.Cell whiteSpace="nowrap">{dates.dateTime(entry.at)}</Table.Cell>
                  <Table.Cell>{entry.action}</Table.Cell>
                  <Table.Cell>{entry.statusText}</Table.Cell>
                  <Table.Cell>{entry.reason ?? '—'}</Table.Cell>
                  <Table.Cell>{entry.userName}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Box>
    </Stack>
  );
}
