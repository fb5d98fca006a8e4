import { useMutation, useQuery } from '@apollo/client/react';
import { Button, HStack, Table } from '@chakra-ui/react';
import { Ban, Check, FileText, Truck, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
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
import {
  CancelTransferMutation,
  DecideTransferMutation,
  DispatchTransferMutation,
  TransferQuery,
} from './documents.ts';
import { ReceiveTransfer } from './ReceiveTransfer.tsx';

type Step = 'APPROVE' | 'REJECT' | 'DISPATCH' | 'CANCEL';

/**
 * /asset-transfer/view?id=…: one transfer — from, to, why, every step and who took it, its assets
 * and accessories — with the step that waits for the user: approve or reject, dispatch (then its
 * gate pass), receive, or cancel before dispatch.
 */
export function Component() {
  const { t } = useTranslation();
  const dates = useDates();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const query = useQuery(TransferQuery, { variables: { id }, skip: !id });
  const [step, setStep] = useState<Step | null>(null);
  const [decide] = useMutation(DecideTransferMutation);
  const [dispatch] = useMutation(DispatchTransferMutation);
  const [cancel] = useMutation(CancelTransferMutation);
  if (query.error)
    return <RouteProblem error={query.error} onRetry={() => askAgain(query.refetch)} />;
  const transfer = query.data?.assetTransfer;
  if (!transfer) return <LoadingDots label={t('common.loading')} />;
  const by = (name: string | null | undefined, at: string | null | undefined) =>
    at ? `${name ?? ''} · ${dates.dateTime(at)}` : null;
  const facts: [string, string | null | undefined][] = [
    [t('transfers.from'), transfer.fromBranchName],
    [t('transfers.to'), transfer.toBranchName],
    [t('transfers.reason'), transfer.reason],
    [t('transfers.neededBy'), transfer.neededBy ? dates.date(transfer.neededBy) : null],
    [t('transfers.requestedBy'), by(transfer.requestedByName, transfer.requestedAt)],
    [t('transfers.decidedBy'), by(transfer.decidedByName, transfer.decidedAt)],
    [t('transfers.decisionRemarks'), transfer.decisionRemarks],
    [t('transfers.gatePass'), transfer.gatePassNumber],
    [t('transfers.vehicle'), transfer.vehicle],
    [t('transfers.dispatchedBy'), by(transfer.dispatchedByName, transfer.dispatchedAt)],
    [t('transfers.receivedBy'), by(transfer.receivedByName, transfer.receivedAt)],
    [t('transfers.cancelReason'), transfer.cancelReason],
  ];
  const done = () => {
    setStep(null);
    askAgain(query.refetch);
  };
  const stepDialog = (which: Step) => {
    const needsText = which !== 'APPROVE';
    const field = which === 'DISPATCH' ? 'vehicle' : 'remarks';
    return (
      <FormDialog<{ text: string }>
        title={t(`transfers.steps.${which}.title`, { number: transfer.number })}
        submitLabel={t(`transfers.steps.${which}.submit`)}
        defaultValues={{ text: '' }}
        onClose={() => setStep(null)}
        onSubmit={({ text }) =>
          submitRecord(
            t,
            async () => {
              const value = text.trim();
              if (which === 'DISPATCH') {
                const answer = await dispatch({ variables: { input: { id, vehicle: value } } });
                return answer.data?.dispatchAssetTransfer.message ?? '';
              }
              if (which === 'CANCEL') {
                const answer = await cancel({ variables: { input: { id, reason: value } } });
                return answer.data?.cancelAssetTransfer.message ?? '';
              }
              const answer = await decide({
                variables: {
                  input: { id, decision: which, remarks: value === '' ? null : value },
                },
              });
              return answer.data?.decideAssetTransfer.message ?? '';
            },
            done,
          )
        }
      >
        {(_form, F) =>
          field === 'vehicle' ? (
            <F.Text name="text" label="transfers.vehicle" required maxLength={100} />
          ) : (
            <F.TextArea
              name="text"
              label={which === 'CANCEL' ? 'transfers.cancelReason' : 'transfers.decisionRemarks'}
              required={needsText}
              rows={3}
            />
          )
        }
      </FormDialog>
    );
  };

  return (
    <PageCard
      title={t('transfers.title', { number: transfer.number })}
      description={`${transfer.fromBranchName} → ${transfer.toBranchName}`}
      toolbar={
        <HStack gap="2" wrap="wrap">
          <StatusChip chip={transfer.status} />
          {transfer.gatePassUrl ? (
            <Button asChild size="sm" variant="outline">
              <a href={transfer.gatePassUrl} target="_blank" rel="noopener">
                <FileText aria-hidden />
                {t('transfers.printGatePass')}
              </a>
            </Button>
          ) : null}
          {transfer.canCancel ? (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setStep('CANCEL')}
            >
              <Ban aria-hidden />
              {t('transfers.steps.CANCEL.submit')}
            </Button>
          ) : null}
          {transfer.canDecide ? (
            <>
              <Button size="sm" variant="outline" onClick={() => setStep('REJECT')}>
                <X aria-hidden />
                {t('transfers.steps.REJECT.submit')}
              </Button>
              <Button size="sm" colorPalette="brand" onClick={() => setStep('APPROVE')}>
                <Check aria-hidden />
                {t('transfers.steps.APPROVE.submit')}
              </Button>
            </>
          ) : null}
          {transfer.canDispatch ? (
            <Button size="sm" colorPalette="brand" onClick={() => setStep('DISPATCH')}>
              <Truck aria-hidden />
              {t('transfers.steps.DISPATCH.submit')}
            </Button>
          ) : null}
        </HStack>
      }
    >
      <Facts facts={facts} />
      {transfer.canReceive ? <ReceiveTransfer transfer={transfer} onDone={done} /> : null}
      {transfer.assets.length > 0 ? (
        <AssetsTable
          assets={transfer.assets}
          after={[
            {
              header: t('transfers.outcome'),
              cell: (asset) =>
                asset.outcome ? t(`transfers.outcomes.${asset.outcome}`) : t('transfers.onItsWay'),
            },
            { header: t('assets.location'), cell: (asset) => asset.locationName ?? '—' },
          ]}
        />
      ) : null}
      {transfer.accessories.length > 0 ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('transfers.accessory')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('transfers.quantity')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('transfers.received')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {transfer.accessories.map((accessory) => (
                <Table.Row key={accessory.id}>
                  <Table.Cell>{accessory.name}</Table.Cell>
                  <Table.Cell textAlign="end">{`${accessory.quantity} ${accessory.unit}`}</Table.Cell>
                  <Table.Cell textAlign="end">{accessory.received}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
      {step ? stepDialog(step) : null}
    </PageCard>
  );
}
