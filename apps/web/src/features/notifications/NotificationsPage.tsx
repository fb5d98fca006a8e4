import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import {
  AlertTriangle,
  ArrowLeftRight,
  Bell,
  CalendarClock,
  CheckCheck,
  FileClock,
  Package,
  ShieldAlert,
  ShieldOff,
  Wrench,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { NotificationKind, NotificationsQuery } from '../../gql/graphql.ts';
import { notifySuccess } from '../../shared/alerts.tsx';
import { useDates } from '../../shared/dates.ts';
import { describeProblem } from '../../shared/errors.ts';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { askAgain } from '../../shared/listQuery.ts';
import { PageCard } from '../../shared/PageCard.tsx';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import {
  MarkNotificationsReadMutation,
  NotificationsQuery as Query,
  UnreadCountQuery,
} from './documents.ts';
import { notificationText } from './notificationText.ts';

type Item = NotificationsQuery['notifications']['notifications'][number];

const ICONS: Record<NotificationKind, typeof Bell> = {
  CONTRACT_ENDING: FileClock,
  CONTRACT_ENDED: FileClock,
  WARRANTY_ENDING: ShieldAlert,
  WARRANTY_ENDED: ShieldAlert,
  NO_COVER: ShieldOff,
  PREVENTIVE_DUE: CalendarClock,
  PREVENTIVE_OVERDUE: Wrench,
  TRANSFER_WAITING: ArrowLeftRight,
  ACCESSORY_LOW: Package,
};

const UNREAD_PARAM = 'unread';

/**
 * /notifications: the user's alerts over their branches, unread and urgent first; each opens its
 * record (and is read by that), or is marked read here; all at once with one button. `?unread=1`
 * keeps the unread ones only.
 */
export function Component() {
  const { t } = useTranslation();
  const dates = useDates();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const unreadOnly = search.get(UNREAD_PARAM) === '1';
  const query = useQuery(Query, { variables: { unreadOnly } });
  const [mark, marking] = useMutation(MarkNotificationsReadMutation, {
    refetchQueries: [UnreadCountQuery, Query],
    awaitRefetchQueries: true,
  });
  if (query.error)
    return <RouteProblem error={query.error} onRetry={() => askAgain(query.refetch)} />;
  const feed = (query.data ?? query.previousData)?.notifications;
  if (!feed) return <LoadingDots label={t('common.loading')} />;

  const open = async (item: Item) => {
    if (!item.read) await mark({ variables: { keys: [item.key] } }).catch(() => undefined);
    await navigate(item.link);
  };
  const markAll = async () => {
    // A failure shows in the page (marking.error); nothing was marked.
    const answer = await mark({ variables: { keys: null } }).catch(() => null);
    if (answer) notifySuccess(t('notifications.allRead'));
  };

  return (
    <PageCard
      title={t('notifications.title')}
      description={t('notifications.description', { count: feed.unreadCount })}
      toolbar={
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              const next = new URLSearchParams(search);
              if (unreadOnly) next.delete(UNREAD_PARAM);
              else next.set(UNREAD_PARAM, '1');
              setSearch(next, { replace: true });
            }}
          >
            {unreadOnly ? t('notifications.showAll') : t('notifications.showUnread')}
          </Button>
          <Button
            size="sm"
            colorPalette="brand"
            onClick={() => void markAll()}
            loading={marking.loading}
            disabled={feed.unreadCount === 0}
          >
            <CheckCheck aria-hidden />
            {t('notifications.markAllRead')}
          </Button>
        </HStack>
      }
    >
      {marking.error ? (
        <InlineAlert status="error" title={describeProblem(marking.error, t).message} />
      ) : null}
      {feed.notifications.length === 0 ? (
        <Text color="fg.muted">
          {unreadOnly ? t('notifications.noneUnread') : t('notifications.none')}
        </Text>
      ) : (
        <Stack
          as="ul"
          gap="2"
          listStyleType="none"
          m="0"
          p="0"
          aria-label={t('notifications.title')}
        >
          {feed.notifications.map((item) => {
            const Icon = ICONS[item.kind] ?? Bell;
            return (
              <Box
                as="li"
                key={item.key}
                borderWidth="1px"
                borderRadius="md"
                p="3"
                bg={item.read ? undefined : 'brand.subtle'}
                data-notification={item.key}
              >
                <HStack align="start" gap="3">
                  <Box color={item.urgent ? 'red.600' : 'fg.muted'} pt="0.5">
                    {item.urgent ? (
                      <AlertTriangle aria-hidden size={18} />
                    ) : (
                      <Icon aria-hidden size={18} />
                    )}
                  </Box>
                  <Stack gap="1" flex="1" minW="0">
                    <Link asChild fontWeight={item.read ? 'normal' : 'semibold'}>
                      <RouterLink
                        to={item.link}
                        onClick={(event) => {
                          event.preventDefault();
                          void open(item);
                        }}
                      >
                        {notificationText(t, item, dates.date)}
                      </RouterLink>
                    </Link>
                    <HStack gap="2" fontSize="sm" color="fg.muted" wrap="wrap">
                      <Text>{item.branchCode}</Text>
                      <Text>{t('notifications.since', { date: dates.date(item.since) })}</Text>
                      {item.urgent ? (
                        <Badge colorPalette="red" variant="outline">
                          {t('notifications.urgent')}
                        </Badge>
                      ) : null}
                      {item.read ? <Text>{t('notifications.read')}</Text> : null}
                    </HStack>
                  </Stack>
                  {item.read ? null : (
                    <Button
                      size="xs"
                      variant="ghost"
                      onClick={() => void mark({ variables: { keys: [item.key] } })}
                    >
                      {t('notifications.markRead')}
                    </Button>
                  )}
                </HStack>
              </Box>
            );
          })}
        </Stack>
      )}
    </PageCard>
  );
}
