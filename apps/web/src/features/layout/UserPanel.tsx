import { useApolloClient } from '@apollo/client/react';
import { Button, CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react';
import { CircleUserRound, KeyRound, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { IconAction } from '../../shared/IconAction.tsx';
import { logOut } from '../session/auth-api.ts';
import { forgetSession } from '../session/forgetSession.ts';
import { useSession } from '../session/SessionContext.tsx';

/** Logs out upstream (the gateway revokes the token), forgets cached data and returns to /login. */
export function useLogOut() {
  const client = useApolloClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await logOut();
    } finally {
      await forgetSession(client, 'loggedOut', (to) => navigate(to, { replace: true }));
    }
  };
}

/** The user side panel: name, Change Password and Log Out. */
export function UserPanel() {
  const { t } = useTranslation();
  const session = useSession();
  const logOutNow = useLogOut();
  const [open, setOpen] = useState(false);
  return (
    <Drawer.Root open={open} onOpenChange={(event) => setOpen(event.open)} placement="end">
      <Drawer.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${session.user.displayName}, ${t('shell.userPanel')}`}
          data-testid="user-panel"
        >
          <CircleUserRound aria-hidden />
          <Text display={{ base: 'none', '2xl': 'inline' }}>{session.user.displayName}</Text>
        </Button>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content aria-label={t('shell.userPanel')}>
            <Drawer.Header>
              <Drawer.Title>{session.user.displayName}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="4">
                <Text color="fg.muted">
                  {session.user.username} · {session.user.role}
                </Text>
                <Button
                  asChild
                  variant="outline"
                  justifyContent="start"
                  onClick={() => setOpen(false)}
                >
                  <Link to="/change-password">
                    <KeyRound size={16} aria-hidden />
                    {t('shell.changePassword')}
                  </Link>
                </Button>
                <Button
                  variant="outline"
                  colorPalette="red"
                  justifyContent="start"
                  onClick={() => void logOutNow()}
                >
                  <LogOut size={16} aria-hidden />
                  {t('shell.logOut')}
                </Button>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** The top bar's own Log Out action, beside the user panel, as in the legacy layout. */
export function LogOutButton() {
  const { t } = useTranslation();
  const logOutNow = useLogOut();
  return (
    <IconAction label={t('shell.logOut')} onClick={() => void logOutNow()}>
      <LogOut />
    </IconAction>
  );
}
