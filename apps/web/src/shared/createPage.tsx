import { useApolloClient } from '@apollo/client/react';
import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { notifySuccess } from './alerts.tsx';
import { describeProblem } from './errors.ts';
import { InlineAlert } from './InlineAlert.tsx';

/** What a create page's save answered: the server's message and the new record's page. */
export interface Created {
  message: string;
  to: string;
}

/**
 * A create page's submit (a goods receipt, an installation, a transfer, a job order, a contract,
 * an audit): the save, its message as the notice, the lists that show the new record asked again
 * (by their query names), then the record's page. A refusal stays on the form as `problem`, and
 * so does what the page checks itself first (`refuse`).
 */
export function useCreate(refetch: readonly string[]) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  return {
    client,
    problem,
    refuse: setProblem,
    async create(save: () => Promise<Created | null | undefined>): Promise<void> {
      setProblem(null);
      try {
        const created = await save();
        if (!created) throw new Error('no answer');
        notifySuccess(created.message);
        await client.refetchQueries({ include: [...refetch] });
        navigate(created.to);
      } catch (failure) {
        setProblem(describeProblem(failure, t).message);
      }
    },
  };
}

/** A create form's end: the server's refusal, Cancel back to where the user came from, submit. */
export function CreateActions({
  problem,
  cancelTo,
  submit,
  submitting,
}: {
  problem: string | null;
  cancelTo: string;
  submit: string;
  submitting: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <InlineAlert status="error" title={problem} />
      <HStack justify="end" gap="3">
        <Button variant="outline" asChild>
          <RouterLink to={cancelTo}>{t('common.cancel')}</RouterLink>
        </Button>
        <Button type="submit" colorPalette="brand" loading={submitting}>
          {submit}
        </Button>
      </HStack>
    </>
  );
}
