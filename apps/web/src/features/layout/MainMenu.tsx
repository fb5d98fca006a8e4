import { useQuery } from '@apollo/client/react';
import {
  Box,
  Button,
  CloseButton,
  Drawer,
  HStack,
  IconButton,
  Menu,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ChevronDown, Menu as MenuIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { builtMenu } from '../../app/built-routes.ts';
import { graphql } from '../../gql/index.ts';
import { menuIcon } from './menu-icons.ts';

export const MenuQuery = graphql(`
  query Menu {
    menu { text link icon style children { text link icon style } }
  }
`);

/**
 * The server's menu for the user's role: groups open a list, leaves are links. Entries for screens
 * not built yet are left out (builtMenu). One row in the top bar from 1280 px (DefaultLayout);
 * narrower, MenuDrawer offers the same entries.
 */
export function MainMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery(MenuQuery, { fetchPolicy: 'cache-first' });
  return (
    <HStack as="nav" aria-label={t('shell.menu')} gap="1" wrap="nowrap">
      {builtMenu(data?.menu ?? []).map((item) => {
        const Icon = menuIcon(item.icon);
        if (item.children.length === 0) {
          return (
            <Button key={item.text} asChild variant="ghost" size="sm" flexShrink={0}>
              <Link to={item.link}>
                <Icon size={16} aria-hidden />
                {item.text}
              </Link>
            </Button>
          );
        }
        return (
          <Menu.Root key={item.text} onSelect={(detail) => navigate(detail.value)}>
            <Menu.Trigger asChild>
              <Button variant="ghost" size="sm" flexShrink={0}>
                <Icon size={16} aria-hidden />
                {item.text}
                <ChevronDown size={14} aria-hidden />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  {item.children.map((child) => {
                    const ChildIcon = menuIcon(child.icon);
                    return (
                      <Menu.Item key={child.link} value={child.link}>
                        <ChildIcon size={16} aria-hidden />
                        {child.text}
                      </Menu.Item>
                    );
                  })}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        );
      })}
    </HStack>
  );
}

/**
 * The menu below 1280 px: a button named 'Main menu' opens a drawer from the start side with every
 * entry, each group's entries under its name. The drawer traps focus, Escape or the close button
 * closes it and focus returns to the button; following an entry closes it too.
 */
export function MenuDrawer() {
  const { t } = useTranslation();
  const { data } = useQuery(MenuQuery, { fetchPolicy: 'cache-first' });
  const [open, setOpen] = useState(false);
  const id = useId();
  const close = () => setOpen(false);
  return (
    <Drawer.Root open={open} onOpenChange={(event) => setOpen(event.open)} placement="start">
      <Drawer.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t('shell.menu')}
          hideFrom="xl"
          data-testid="menu-button"
        >
          <MenuIcon aria-hidden />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t('shell.menu')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label={t('shell.menu')} gap="1">
                {builtMenu(data?.menu ?? []).map((item, index) => {
                  const Icon = menuIcon(item.icon);
                  if (item.children.length === 0) {
                    return (
                      <DrawerLink key={item.text} to={item.link} icon={Icon} onFollow={close}>
                        {item.text}
                      </DrawerLink>
                    );
                  }
                  const groupId = `${id}-group-${index}`;
                  return (
                    <Box key={item.text} role="group" aria-labelledby={groupId} pt="2">
                      <HStack id={groupId} gap="2" px="2" py="1" color="fg.muted" fontSize="sm">
                        <Icon size={16} aria-hidden />
                        <Text fontWeight="semibold">{item.text}</Text>
                      </HStack>
                      <Stack gap="0" ps="4">
                        {item.children.map((child) => (
                          <DrawerLink
                            key={child.link}
                            to={child.link}
                            icon={menuIcon(child.icon)}
                            onFollow={close}
                          >
                            {child.text}
                          </DrawerLink>
                        ))}
                      </Stack>
                    </Box>
                  );
                })}
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

function DrawerLink({
  to,
  icon: Icon,
  onFollow,
  children,
}: {
  to: string;
  icon: ReturnType<typeof menuIcon>;
  onFollow: () => void;
  children: string;
}) {
  return (
    <Button asChild variant="ghost" size="sm" justifyContent="start" onClick={onFollow}>
      <Link to={to}>
        <Icon size={16} aria-hidden />
        {children}
      </Link>
    </Button>
  );
}
