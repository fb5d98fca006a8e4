import { useQuery } from '@apollo/client/react';
import { Button, HStack, Menu, Portal } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
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
 * not built yet are left out (builtMenu).
 */
export function MainMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery(MenuQuery, { fetchPolicy: 'cache-first' });
  return (
    <HStack as="nav" aria-label={t('shell.menu')} gap="1" wrap="wrap">
      {builtMenu(data?.menu ?? []).map((item) => {
        const Icon = menuIcon(item.icon);
        if (item.children.length === 0) {
          return (
            <Button key={item.text} asChild variant="ghost" size="sm">
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
              <Button variant="ghost" size="sm">
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
