import { graphql } from '../../gql/index.ts';

/** The bell's count; polled, and refreshed when alerts are read. */
export const UnreadCountQuery = graphql(`
  query UnreadNotifications {
    notifications(unreadOnly: true, limit: 1) { unreadCount }
  }
`);

export const NotificationsQuery = graphql(`
  query Notifications($unreadOnly: Boolean) {
    notifications(unreadOnly: $unreadOnly, limit: 200) {
      unreadCount
      notifications {
        key kind text link branchCode since urgent read
        values { name value }
      }
    }
  }
`);

export const MarkNotificationsReadMutation = graphql(`
  mutation MarkNotificationsRead($keys: [String!]) {
    markNotificationsRead(keys: $keys) { unreadCount }
  }
`);
