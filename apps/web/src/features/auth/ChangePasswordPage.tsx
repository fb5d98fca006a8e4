import { useMutation } from '@apollo/client/react';
import { type PasswordRule, passwordProblems } from '@branch-assets/domain';
import { Button, Card, Field, Heading, Input, List, Stack, Text } from '@chakra-ui/react';
import { Check, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { graphql } from '../../gql/index.ts';
import { notifyError, notifySuccess } from '../../shared/alerts.tsx';
import { describeProblem } from '../../shared/errors.ts';

const ChangePassword = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) { message }
  }
`);

interface Form {
  current: string;
  next: string;
  confirm: string;
}

const RULE_TEXT = {
  length: 'changePassword.ruleLength',
  letter: 'changePassword.ruleLetter',
  digit: 'changePassword.ruleDigit',
} as const satisfies Record<PasswordRule, string>;

/** Change password: the server ends the user's other sessions and keeps this one. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [change] = useMutation(ChangePassword);
  const form = useForm<Form>({
    mode: 'onChange',
    defaultValues: { current: '', next: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const next = form.watch('next');
  const current = form.watch('current');
  const broken = new Set(passwordProblems(next));

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await change({
        variables: { currentPassword: values.current, newPassword: values.next },
      });
      notifySuccess(result.data?.changePassword.message ?? t('changePassword.title'));
      form.reset();
      navigate('/purchase-order/list');
    } catch (error) {
      notifyError(describeProblem(error, t).message);
    }
  });

  const rules: { ok: boolean; text: string }[] = [
    ...(Object.keys(RULE_TEXT) as PasswordRule[]).map((rule) => ({
      ok: next !== '' && !broken.has(rule),
      text: t(RULE_TEXT[rule]),
    })),
    { ok: next !== '' && next !== current, text: t('changePassword.ruleDifferent') },
  ];

  return (
    <Card.Root maxW="lg" mx="auto">
      <Card.Header>
        <Heading as="h1" size="lg">
          {t('changePassword.title')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('changePassword.description')}
        </Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <Field.Root invalid={!!errors.current} required>
              <Field.Label>{t('changePassword.current')}</Field.Label>
              <Input
                type="password"
                autoComplete="current-password"
                {...form.register('current', { required: t('changePassword.currentRequired') })}
              />
              <Field.ErrorText>{errors.current?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.next} required>
              <Field.Label>{t('changePassword.new')}</Field.Label>
              <Input
                type="password"
                autoComplete="new-password"
                aria-describedby="password-rules"
                {...form.register('next', {
                  validate: (value, values) =>
                    passwordProblems(value).length > 0
                      ? t('changePassword.newInvalid')
                      : value === values.current
                        ? t('changePassword.sameAsCurrent')
                        : true,
                })}
              />
              <Field.ErrorText>{errors.next?.message}</Field.ErrorText>
            </Field.Root>
            <Stack id="password-rules" gap="1" fontSize="sm">
              <Text fontWeight="600">{t('changePassword.rulesTitle')}</Text>
              <List.Root variant="plain" gap="1">
                {rules.map((rule) => (
                  <List.Item key={rule.text} color={rule.ok ? 'green.700' : 'fg.muted'}>
                    <List.Indicator asChild>
                      {rule.ok ? <Check size={14} aria-hidden /> : <X size={14} aria-hidden />}
                    </List.Indicator>
                    {rule.text}
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
            <Field.Root invalid={!!errors.confirm} required>
              <Field.Label>{t('changePassword.confirm')}</Field.Label>
              <Input
                type="password"
                autoComplete="new-password"
                {...form.register('confirm', {
                  validate: (value, values) =>
                    value === values.next || t('changePassword.mismatch'),
                })}
              />
              <Field.ErrorText>{errors.confirm?.message}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={isSubmitting}>
              {t('changePassword.submit')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
