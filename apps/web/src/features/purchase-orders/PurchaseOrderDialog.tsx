import { useMutation, useQuery } from '@apollo/client/react';
import { PO_DIALOG_WIDTH } from '@branch-assets/domain';
import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../shared/AppDialog.tsx';
import { notifyError, notifySuccess } from '../../shared/alerts.tsx';
import { describeProblem } from '../../shared/errors.ts';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { type Decision, DecisionForm, type DecisionKind } from './DecisionForm.tsx';
import {
  ApprovePurchaseOrder,
  CancelPurchaseOrder,
  PurchaseOrderDetailQuery,
  VerifyPurchaseOrder,
} from './documents.ts';
import { OrderReceipt } from './OrderReceipt.tsx';
import { PurchaseOrderSummary } from './PurchaseOrderSummary.tsx';

export type DialogMode = 'preview' | DecisionKind;

export interface DialogTarget {
  mode: DialogMode;
  id: string;
  number: string;
  billedBranchId: string;
}

const TITLES = {
  preview: 'purchaseOrders.previewTitle',
  verify: 'purchaseOrders.verifyTitle',
  approve: 'purchaseOrders.approveTitle',
  cancel: 'purchaseOrders.cancelTitle',
} as const;

/**
 * The 75% dialog for one order: read-only for preview; with the description and decision buttons
 * for verify, approve and cancel. Success shows the server's message, closes and reloads the list
 * (`onDecided`); so does a refusal (its notice says why, to dismiss), since the order has changed;
 * a lost connection shows its notice and keeps the dialog open.
 */
export function PurchaseOrderDialog({
  target,
  onClose,
  onDecided,
}: {
  target: DialogTarget;
  onClose: () => void;
  onDecided: () => void;
}) {
  const { t } = useTranslation();
  const variables = { id: target.id, number: target.number, billedBranchId: target.billedBranchId };
  const { data, error, refetch } = useQuery(PurchaseOrderDetailQuery, {
    variables,
    fetchPolicy: 'network-only',
  });
  const [verify] = useMutation(VerifyPurchaseOrder);
  const [approve] = useMutation(ApprovePurchaseOrder);
  const [cancel] = useMutation(CancelPurchaseOrder);

  async function decide(decision: Decision, reason: string) {
    try {
      let message: string | undefined;
      if (target.mode === 'verify') {
        const result = await verify({ variables: { input: { ...variables, decision, reason } } });
        message = result.data?.verifyPurchaseOrder.message;
      } else if (target.mode === 'approve') {
        const result = await approve({ variables: { input: { ...variables, decision, reason } } });
        message = result.data?.approvePurchaseOrder.message;
      } else if (target.mode === 'cancel') {
        const result = await cancel({ variables: { input: { ...variables, reason } } });
        message = result.data?.cancelPurchaseOrder.message;
      }
      if (message) notifySuccess(message);
      onDecided();
    } catch (failure) {
      const problem = describeProblem(failure, t);
      notifyError(problem.message);
      // Refused because the order is no longer as this dialog shows it (decided or cancelled
      // meanwhile, in another tab or by someone else): the choice here is stale. Close it and
      // re-read the list, so the row shows what is true now. Anything else (a lost connection, a
      // field to correct) keeps the dialog open to try again.
      if (problem.code === 'REJECTED') onDecided();
    }
  }

  return (
    <AppDialog
      title={t(TITLES[target.mode], { number: target.number })}
      onClose={onClose}
      content={{ maxW: PO_DIALOG_WIDTH, width: { base: '95%', lg: PO_DIALOG_WIDTH } }}
      // The decision stays in view under the order, which scrolls above it.
      footer={
        target.mode !== 'preview' && data ? (
          <Box width="full">
            <DecisionForm kind={target.mode} onDecide={decide} />
          </Box>
        ) : undefined
      }
    >
      {data ? (
        <>
          <PurchaseOrderSummary order={data.purchaseOrder} />
          {target.mode === 'preview' ? (
            <Box mt="6">
              <OrderReceipt orderId={target.id} onClosed={onDecided} />
            </Box>
          ) : null}
        </>
      ) : error ? (
        <RouteProblem error={error} onRetry={() => void refetch()} />
      ) : (
        <LoadingDots label={t('common.loading')} />
      )}
    </AppDialog>
  );
}
