import type { TFunction } from 'i18next';
import type { NotificationKind } from '../../gql/graphql.ts';

export interface NotificationLike {
  kind: NotificationKind;
  text: string;
  values: readonly { name: string; value: string }[];
}

const ACTIONS = ['approve', 'dispatch', 'receive'] as const;
type Action = (typeof ACTIONS)[number];
const isAction = (value: string): value is Action => (ACTIONS as readonly string[]).includes(value);

/**
 * An alert in the interface language: its kind's sentence with the alert's values, dates in the
 * user's way of writing them and a transfer's action worded too. The server's English text stands
 * for a kind this web app has no sentence for (a newer server).
 */
export function notificationText(
  t: TFunction,
  notification: NotificationLike,
  date: (value: string) => string,
): string {
  const values: Record<string, string> = {};
  for (const { name, value } of notification.values) {
    values[name] = /^\d{4}-\d{2}-\d{2}$/.test(value) ? date(value) : value;
  }
  const action = values.action;
  if (action !== undefined && isAction(action))
    values.action = t(`notifications.actions.${action}`);
  return t(`notifications.kinds.${notification.kind}`, {
    ...values,
    defaultValue: notification.text,
  });
}
