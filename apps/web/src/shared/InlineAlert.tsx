import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A message inside the page or dialog, beside what it is about (the toasts of alerts.tsx are for
 * what happened elsewhere). An error is announced at once (role alert), anything else politely
 * (role status). Nothing is shown without a message.
 */
export function InlineAlert({
  status,
  title,
  children,
}: {
  status: 'error' | 'info' | 'success';
  title: ReactNode;
  /** More under the title (a link onwards). */
  children?: ReactNode;
}) {
  if (!title) return null;
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
