import { useQuery } from '@apollo/client/react';
import { isoDate } from '@branch-assets/domain';
import { Badge, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useDates } from '../../../shared/dates.ts';
import { InlineAlert } from '../../../shared/InlineAlert.tsx';
import { LoadingDots } from '../../../shared/LoadingDots.tsx';
import { askAgain } from '../../../shared/listQuery.ts';
import { PageCard } from '../../../shared/PageCard.tsx';
import { RouteProblem } from '../../errors/RouteProblem.tsx';
import { useSession } from '../../session/SessionContext.tsx';
import {
  PurchaseOrderChoicesQuery,
  PurchaseOrderFormPageQuery,
  PurchaseOrderFormQuery,
} from './documents.ts';
import { ORDER_LIST, OrderForm } from './OrderForm.tsx';
import { blankOrder, orderValuesOf } from './orderValues.ts';

/**
 * /purchase-order/create, and /purchase-order/create?id=… to change a draft or a rejected order
 * (the legacy Edit link). An order that can no longer be changed is shown as such, with a way
 * back, rather than a form whose Save would be refused.
 */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id');
  const page = useQuery(PurchaseOrderFormPageQuery);
  const saved = useQuery(PurchaseOrderFormQuery, { variables: { id: id ?? '' }, skip: !id });
  const order = saved.data?.purchaseOrderForm;
  const branchId = order?.billedBranchId ?? session.primaryBranch?.id ?? '';
  const choices = useQuery(PurchaseOrderChoicesQuery, {
    variables: { branchId },
    skip: !branchId || (id !== null && !order),
  });

  const failed = page.error ?? saved.error ?? choices.error;
  if (failed)
    return (
      <RouteProblem
        error={failed}
        onRetry={() => {
          askAgain(page.refetch);
          if (id) askAgain(saved.refetch);
          askAgain(choices.refetch);
        }}
      />
    );
  if (!page.data || (id && !order) || !choices.data)
    return <LoadingDots label={t('common.loading')} />;
  if (!page.data.pageInfo.permitted) return <Navigate to="/access-denied" replace />;

  const title = order?.number
    ? t('orderForm.editTitle', { number: order.number })
    : page.data.pageInfo.title;
  return (
    <PageCard title={title} description={page.data.pageInfo.description} toolbar={null}>
      {order && !order.canEdit ? (
        <InlineAlert status="info" title={t('orderForm.notEditable')} />
      ) : (
        <OrderForm
          key={order?.id ?? 'new'}
          id={order?.id ?? null}
          start={
            order
              ? orderValuesOf(order)
              : blankOrder(branchId, isoDate(new Date()), choices.data.purchaseOrderChoices.terms)
          }
          choices={choices.data.purchaseOrderChoices}
          billedBranches={page.data.branchOptions}
          allBranches={choices.data.allBranches}
          numbered={Boolean(order?.number)}
          quotationUrl={order?.quotationUrl ?? null}
          onSaved={(savedId) => {
            if (savedId !== id) navigate(`/purchase-order/create?id=${savedId}`, { replace: true });
            else askAgain(saved.refetch);
          }}
          onUploaded={() => askAgain(saved.refetch)}
        />
      )}
      {order && order.versions.length > 0 ? <Versions versions={order.versions} /> : null}
      {order && !order.canEdit ? (
        <Text>
          <a href={`#${ORDER_LIST}`}>{t('orderForm.backToList')}</a>
        </Text>
      ) : null}
    </PageCard>
  );
}

function Versions({
  versions,
}: {
  versions: readonly {
    version: number;
    submittedBy: string;
    submittedAt: string;
    grandTotal: string;
    changes: readonly string[];
  }[];
}) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <Stack gap="3" as="section" aria-label={t('orderForm.versions')}>
      <Text fontWeight="semibold">{t('orderForm.versions')}</Text>
      {versions.map((version) => (
        <Stack key={version.version} gap="1" borderWidth="1px" borderRadius="md" p="3">
          <HStack gap="2" wrap="wrap">
            <Badge>{t('orderForm.version', { version: version.version })}</Badge>
            <Text fontSize="sm">
              {t('orderForm.submittedBy', {
                name: version.submittedBy,
                at: dates.dateTime(version.submittedAt),
              })}
            </Text>
            <Text fontSize="sm" fontVariantNumeric="tabular-nums">
              {version.grandTotal}
            </Text>
          </HStack>
          {version.changes.length > 0 ? (
            <List.Root fontSize="sm" ps="4">
              {version.changes.map((change) => (
                <List.Item key={change}>{change}</List.Item>
              ))}
            </List.Root>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {t('orderForm.firstVersion')}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
