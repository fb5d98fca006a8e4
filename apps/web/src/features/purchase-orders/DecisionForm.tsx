import { Button, Field, HStack, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifyBriefError, notifyError } from '../../shared/alerts.tsx';
import { ConfirmDialog } from '../../shared/ConfirmDialog.tsx';

export type DecisionKind = 'verify' | 'approve' | 'cancel';
export type Decision = 'ACCEPT' | 'REJECT';

const REASON_MAX = 500;

/**
 * The description and the decision buttons of the verify, approve and cancel dialogs. The buttons
 * stay disabled until the form is valid; a click asks for confirmation, and only Continue decides.
 */
export function DecisionForm({
  kind,
  onDecide,
}: {
  kind: DecisionKind;
  /** Resolves when the decision is done (or failed and was reported). */
  onDecide: (decision: Decision, reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<{ reason: string }>({ mode: 'all', defaultValues: { reason: '' } });
  const { errors, isValid } = form.formState;
  const [pending, setPending] = useState<Decision | null>(null);
  const [busy, setBusy] = useState(false);

  const buttons: { decision: Decision; label: string; palette: string }[] =
    kind === 'cancel'
      ? [{ decision: 'REJECT', label: t('purchaseOrders.cancelSubmit'), palette: 'red' }]
      : [
          {
            decision: 'ACCEPT',
            label: kind === 'verify' ? t('purchaseOrders.verified') : t('purchaseOrders.approved'),
            palette: 'green',
          },
          { decision: 'REJECT', label: t('purchaseOrders.reject'), palette: 'red' },
        ];

  async function proceed() {
    const decision = pending;
    setPending(null);
    if (!decision) return;
    if (!(await form.trigger())) {
      notifyError(t('alerts.fillRequired'));
      return;
    }
    setBusy(true);
    try {
      await onDecide(decision, form.getValues('reason').trim());
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => event.preventDefault()} noValidate>
      <Stack gap="4">
        <Field.Root invalid={!!errors.reason} required>
          <Field.Label>{t('purchaseOrders.description')}</Field.Label>
          <Textarea
            placeholder={t('purchaseOrders.descriptionPlaceholder')}
            maxLength={REASON_MAX}
            rows={3}
            {...form.register('reason', {
              validate: (value) =>
                value.trim() !== '' ||
                t('common.required', { field: t('purchaseOrders.description') }),
            })}
          />
          <Field.ErrorText>{errors.reason?.message}</Field.ErrorText>
        </Field.Root>
        <HStack justify="end" gap="3">
          {buttons.map((button) => (
            <Button
              key={button.decision}
              colorPalette={button.palette}
              disabled={!isValid || busy}
              loading={busy}
              onClick={() => setPending(button.decision)}
            >
              {button.label}
            </Button>
          ))}
        </HStack>
        <ConfirmDialog
          open={pending !== null}
          onContinue={() => void proceed()}
          onCancel={() => {
            setPending(null);
            notifyBriefError(t('alerts.cancelled'));
          }}
        />
      </Stack>
    </form>
  );
}
