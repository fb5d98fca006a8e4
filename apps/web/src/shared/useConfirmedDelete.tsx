import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from './alerts.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { describeProblem } from './errors.ts';

/**
 * Deleting a record: ask first ('Delete Voltas?'), then call `remove`; its message is the success
 * notice, a refusal (a record in use) the error notice to dismiss. Returns the function that starts
 * it and the dialog to render.
 */
export function useConfirmedDelete<Row extends { name: string }>(
  remove: (row: Row) => Promise<string>,
  onDeleted: () => void,
): { ask: (row: Row) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Row | null>(null);

  async function run(row: Row) {
    setPending(null);
    try {
      notifySuccess(await remove(row));
      onDeleted();
    } catch (failure) {
      notifyError(describeProblem(failure, t).message);
    }
  }

  return {
    ask: setPending,
    dialog: (
      <ConfirmDialog
        open={pending !== null}
        title={t('masterLists.deleteTitle', { name: pending?.name ?? '' })}
        text={t('masterLists.deleteText')}
        onContinue={() => {
          if (pending) void run(pending);
        }}
        onCancel={() => setPending(null)}
      />
    ),
  };
}
