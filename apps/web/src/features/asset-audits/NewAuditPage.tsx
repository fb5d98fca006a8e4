import { useQuery } from '@apollo/client/react';
import { indianDate } from '@branch-assets/domain';
import { Field, Fieldset, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CreateActions, useCreate } from '../../shared/createPage.tsx';
import { PageCard } from '../../shared/PageCard.tsx';
import { PageGate } from '../../shared/PageGate.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import { TickBox } from '../../shared/TickBox.tsx';
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
  const { client, problem, refuse, create } = useCreate(['Audits']);
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
  const errors = form.formState.errors;

  if (page.error || !page.data?.pageInfo.permitted) return <PageGate page={page} />;

  const submit = form.handleSubmit(async (values) => {
    if (auditors.length === 0) {
      refuse(t('audits.noAuditors'));
      return;
    }
    await create(async () => {
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
      return started && { message: started.message, to: auditUrl(started.audit.id) };
    });
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
          <CreateActions
            problem={problem}
            cancelTo={AUDIT_LIST}
            submit={t('audits.start')}
            submitting={form.formState.isSubmitting}
          />
        </Stack>
      </form>
    </PageCard>
  );
}
