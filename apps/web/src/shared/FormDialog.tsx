import { Alert, Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * The one create/edit dialog of the app: a react-hook-form form in a dialog. `onSubmit` returns
 * null on success or the message to show (the server's words for a refusal such as 'Brand Voltas
 * already exists.'); the dialog stays open with what was typed until the problem is fixed.
 */
export function FormDialog<Values extends FieldValues>({
  title,
  submitLabel,
  defaultValues,
  onSubmit,
  onClose,
  children,
  size = 'md',
}: {
  /** Wider for forms of many fields. */
  size?: 'md' | 'xl';
  title: string;
  submitLabel: string;
  defaultValues: DefaultValues<Values>;
  onSubmit: (values: Values) => Promise<string | null>;
  onClose: () => void;
  children: (form: UseFormReturn<Values>) => ReactNode;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({ mode: 'onChange', defaultValues });
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
    <Dialog.Root
      open
      onOpenChange={(event) => {
        if (!event.open) onClose();
      }}
      placement="center"
      size={size}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {/* display: contents keeps header, body and footer in the dialog's own layout. */}
            <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {problem ? (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{problem}</Alert.Title>
                    </Alert.Root>
                  ) : null}
                  {children(form)}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={isSubmitting}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
