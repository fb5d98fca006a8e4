import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './AppDialog.tsx';
import { type FieldKit, fieldKit } from './FormFields.tsx';
import { InlineAlert } from './InlineAlert.tsx';

/**
 * The one create/edit dialog of the app: a react-hook-form form in a dialog. `onSubmit` returns
 * null on success or the message to show (the server's words for a refusal such as 'Brand Voltas
 * already exists.'); the dialog stays open with what was typed until the problem is fixed. The
 * form's fields get the shared ones typed by its values: `{(form, F) => <F.Text name="name" … />}`.
 */
export function FormDialog<Values extends FieldValues>({
  title,
  submitLabel,
  defaultValues,
  onSubmit,
  onClose,
  children,
  size = 'md',
  grid = false,
}: {
  /** Wider for forms of many fields. */
  size?: 'md' | 'xl';
  /** The fields in two columns (one on a phone), as record forms have them. */
  grid?: boolean;
  title: string;
  /** Save, unless the dialog does something else (Upload). */
  submitLabel?: string;
  defaultValues: DefaultValues<Values>;
  onSubmit: (values: Values) => Promise<string | null>;
  onClose: () => void;
  children: (form: UseFormReturn<Values>, fields: FieldKit<Values>) => ReactNode;
}) {
  const { t } = useTranslation();
  // Checked as a field changes and when it is left (an empty required one too), and on Save.
  const form = useForm<Values>({ mode: 'all', defaultValues });
  const [problem, setProblem] = useState<string | null>(null);
  const { isSubmitting } = form.formState;
  const values = form.watch();
  // A changed field may have fixed what the server refused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear on any change of the values
  useEffect(() => setProblem(null), [JSON.stringify(values)]);

  const submit = form.handleSubmit(async (current) => {
    setProblem(await onSubmit(current));
  });

  return (
    <AppDialog
      title={title}
      onClose={onClose}
      size={size}
      // display: contents keeps header, body and footer in the dialog's own layout.
      wrap={(inner) => (
        <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
          {inner}
        </form>
      )}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting}>
            {submitLabel ?? t('masterLists.save')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <InlineAlert status="error" title={problem} />
        <FormProvider {...form}>
          {grid ? (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {children(form, fieldKit<Values>())}
            </SimpleGrid>
          ) : (
            children(form, fieldKit<Values>())
          )}
        </FormProvider>
      </Stack>
    </AppDialog>
  );
}

/** The status select's values: a blank placeholder, 0 InActive, 1 Active. */
export type ActiveValue = '' | '0' | '1';

/**
 * A record form's starting values: a new record's blanks, or, field by field of the blanks, the
 * record's own (null as blank, a number as its text, the status as '1' or '0').
 */
export function startValues<Values extends Record<string, unknown>>(
  blank: Values,
  record: object | null,
): Values {
  if (!record) return blank;
  const own = record as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const [name, empty] of Object.entries(blank)) {
    const value = own[name];
    if (name === 'active' && typeof value === 'boolean') values[name] = value ? '1' : '0';
    else if (typeof value === 'number') values[name] = String(value);
    else values[name] = value ?? empty;
  }
  return values as Values;
}
