import { useApolloClient, useQuery } from '@apollo/client/react';
import { indianDate } from '@branch-assets/domain';
import {
  Button,
  Field,
  Fieldset,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { notifySuccess } from '../../shared/alerts.tsx';
import { describeProblem } from '../../shared/errors.ts';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import { TickBox } from '../../shared/TickBox.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { AuditBranchChoicesQuery, NewAuditPageQuery, StartAuditMutation } from './documents.ts';
import { AUDIT_LIST, auditUrl } from './urls.ts';

interface AuditValues {
  branchId: string;
  locationId: string;
  dueDate: string;
  remarks: string;
}

/**
 * /asset-audit/new: an audit of a branch or one location of it — its due date and auditors (users
 * who work in the branch). Starting it snapshots what it expects to find.
 */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const page = useQuery(NewAuditPageQuery);
  const client = useApolloClient();
  const navigate = useNavigate();
  const form = useForm<AuditValues>({
    mode: 'onBlur',
    defaultValues: {
      branchId: session.primaryBranch?.id ?? '',
      locationId: '',
      dueDate: indianDate(new Date()),
      remarks: '',
    },
  });
  const branchId = form.watch('branchId');
  const choices = useQuery(AuditBranchChoicesQuery, {
    variables: { branchId },
    skip: !branchId,
  });
  const [auditors, setAuditors] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const errors = form.formState.errors;

  if (page.error) return <RouteProblem error={page.error} onRetry={() => askAgain(page.refetch)} />;
  if (!page.data) return <LoadingDots label={t('common.loading')} />;
  if (!page.data.pageInfo.permitted) return <Navigate to="/access-denied" replace />;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    if (auditors.length === 0) {
      setProblem(t('audits.noAuditors'));
      return;
    }
    try {
      const answer = await client.mutate({
        mutation: StartAuditMutation,
        variables: {
          input: {
            branchId: values.branchId,
            locationId: values.locationId || null,
            dueDate: values.dueDate,
            auditorIds: auditors,
            remarks: values.remarks.trim() || null,
          },
        },
      });
      const started = answer.data?.startAssetAudit;
      if (!started) throw new Error('no answer');
      notifySuccess(started.message);
      await client.refetchQueries({ include: ['Audits'] });
      navigate(auditUrl(started.audit.id));
    } catch (failure) {
      setProblem(describeProblem(failure, t).message);
    }
  });

  return (
    <PageCard
      title={page.data.pageInfo.title}
      description={page.data.pageInfo.description}
      toolbar={null}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <SelectField
              control={form.control}
              name="branchId"
              label={t('audits.branch')}
              options={page.data.branchOptions}
              required
              onPick={() => {
                setAuditors([]);
                form.setValue('locationId', '');
              }}
            />
            <SelectField
              control={form.control}
              name="locationId"
              label={t('audits.location')}
              options={choices.data?.assetLocationOptions ?? []}
              placeholder={t('audits.wholeBranch')}
            />
            <Field.Root invalid={!!errors.dueDate} required>
              <Field.Label>{t('audits.dueDate')}</Field.Label>
              <Input
                type="date"
                {...form.register('dueDate', {
                  required: t('common.required', { field: t('audits.dueDate') }),
                })}
              />
              <Field.ErrorText>{errors.dueDate?.message}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Fieldset.Root>
            <Fieldset.Legend>{t('audits.auditors')}</Fieldset.Legend>
            <Fieldset.HelperText>{t('audits.auditorsHint')}</Fieldset.HelperText>
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="2">
              {(choices.data?.auditorOptions ?? []).map((option) => (
                <TickBox
                  key={option.value}
                  label={option.text}
                  checked={auditors.includes(option.value)}
                  onChange={(checked) =>
                    setAuditors((now) =>
                      checked ? [...now, option.value] : now.filter((id) => id !== option.value),
                    )
                  }
                />
              ))}
            </SimpleGrid>
          </Fieldset.Root>
          <Field.Root>
            <Field.Label>{t('audits.remarks')}</Field.Label>
            <Textarea rows={2} maxLength={500} {...form.register('remarks')} />
          </Field.Root>
          <InlineAlert status="error" title={problem} />
          <HStack justify="end" gap="3">
            <Button variant="outline" asChild>
              <a href={`#${AUDIT_LIST}`}>{t('common.cancel')}</a>
            </Button>
            <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting}>
              {t('audits.start')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </PageCard>
  );
}
