import { useQuery } from '@apollo/client/react';
import { Box, IconButton } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { UnreadCountQuery } from './documents.ts';

/** Alerts change by the day (a contract's days left), not by the second: five minutes will do. */
const POLL_MS = 5 * 60_000;

/**
 * The bell in the top bar: how many alerts the user has not read, opening the notification page.
 * A failed count shows the plain bell rather than an error in the bar; the page says what failed.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { data } = useQuery(UnreadCountQuery, { pollInterval: POLL_MS });
  const unread = data?.notifications.unreadCount ?? 0;
  // The name holds the badge's text as shown ("99+"), so that what is seen is what is said.
  const shown = unread > 99 ? '99+' : String(unread);
  const label =
    unread > 0 ? t('notifications.bellUnread', { count: unread, shown }) : t('notifications.bell');
  return (
    <IconButton
      asChild
      size="sm"
      variant="ghost"
      aria-label={label}
      title={label}
      position="relative"
    >
      <RouterLink to="/notifications" data-testid="notification-bell">
        <Bell aria-hidden />
        {unread > 0 ? (
          <Box
            as="span"
            aria-hidden
            position="absolute"
            top="0"
            insetEnd="0"
            minW="4"
            h="4"
            px="1"
            borderRadius="full"
            bg="red.600"
            color="white"
            fontSize="2xs"
            fontWeight="bold"
            lineHeight="4"
            textAlign="center"
          >
            {shown}
          </Box>
        ) : null}
      </RouterLink>
    </IconButton>
  );
}
