import { useMutation, useQuery } from '@apollo/client/react';
import { STARRED_PAGES_LIMIT } from '@branch-assets/domain';
import {
  Box,
  Link as ChakraLink,
  HStack,
  IconButton,
  Input,
  Popover,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Search, Star } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { builtMenu, isBuilt } from '../../app/built-routes.ts';
import { graphql } from '../../gql/index.ts';
import { notifyError } from '../../shared/alerts.tsx';
import { describeProblem } from '../../shared/errors.ts';
import { MenuQuery } from '../layout/MainMenu.tsx';
import { menuIcon } from '../layout/menu-icons.ts';

export const StarredPagesQuery = graphql(`
  query StarredPages {
    starredPages { text link icon }
  }
`);

const StarPage = graphql(`
  mutation StarPage($link: String!) {
    starPage(link: $link) { text link icon }
  }
`);

const UnstarPage = graphql(`
  mutation UnstarPage($link: String!) {
    unstarPage(link: $link) { text link icon }
  }
`);

interface Page {
  text: string;
  link: string;
  icon: string;
}

/**
 * The navbar's page search over the pages the menu grants, with the user's starred pages. By
 * keyboard as a combobox: type, Enter opens the first page found, the arrows walk the list (and
 * up from the first back to the search), Enter on one opens it, Escape closes.
 */
export function PageSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  /** The pages' links, in the list's order. */
  const pageLinks = () => [...(listRef.current?.querySelectorAll('a') ?? [])];
  const menu = useQuery(MenuQuery, { fetchPolicy: 'cache-first' });
  const starred = useQuery(StarredPagesQuery, { skip: !open });
  const update = { refetchQueries: [StarredPagesQuery] };
  const [star] = useMutation(StarPage, update);
  const [unstar] = useMutation(UnstarPage, update);

  const pages = useMemo<Page[]>(
    () =>
      builtMenu(menu.data?.menu ?? []).flatMap((item) =>
        item.children.length === 0 ? [item] : item.children.filter((child) => child.link),
      ),
    [menu.data],
  );
  const starredLinks = new Set(starred.data?.starredPages.map((page) => page.link));
  const needle = query.trim().toLowerCase();
  const shown: Page[] = needle
    ? pages.filter((page) => page.text.toLowerCase().includes(needle) || page.link.includes(needle))
    : (starred.data?.starredPages ?? []).filter((page) => isBuilt(page.link));

  async function toggle(page: Page) {
    try {
      if (starredLinks.has(page.link)) await unstar({ variables: { link: page.link } });
      else if (starredLinks.size >= STARRED_PAGES_LIMIT)
        notifyError(t('pageSearch.limitReached', { limit: STARRED_PAGES_LIMIT }));
      else await star({ variables: { link: page.link } });
    } catch (error) {
      notifyError(describeProblem(error, t).message);
    }
  }

  return (
    <Popover.Root
      open={open}
      onOpenChange={(event) => setOpen(event.open)}
      positioning={{ placement: 'bottom-end' }}
    >
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t('pageSearch.label')}>
          <Search />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="sm">
            <Popover.Body>
              <Input
                ref={searchRef}
                autoFocus
                type="search"
                aria-label={t('pageSearch.label')}
                placeholder={t('pageSearch.placeholder')}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={(event) => {
                  // Enter opens the first page found; ArrowDown goes down the list.
                  if (event.key === 'Enter' && shown[0]) {
                    event.preventDefault();
                    setOpen(false);
                    navigate(shown[0].link);
                  } else if (event.key === 'ArrowDown') {
                    event.preventDefault();
                    pageLinks()[0]?.focus();
                  }
                }}
                mb="3"
              />
              {!needle ? (
                <Text fontSize="xs" fontWeight="600" color="fg.muted" mb="1">
                  {t('pageSearch.starred')}
                </Text>
              ) : null}
              <Stack
                as="ul"
                ref={listRef}
                gap="0"
                maxH="72"
                overflowY="auto"
                listStyleType="none"
                onKeyDown={(event) => {
                  // The arrows move between the pages; up from the first goes back to the search.
                  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
                  const links = pageLinks();
                  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
                  if (at < 0) return;
                  event.preventDefault();
                  const next = event.key === 'ArrowDown' ? at + 1 : at - 1;
                  if (next < 0) searchRef.current?.focus();
                  else links[Math.min(next, links.length - 1)]?.focus();
                }}
              >
                {shown.length === 0 ? (
                  <Text as="li" color="fg.muted" fontSize="sm" py="2">
                    {needle ? t('pageSearch.noResults') : t('pageSearch.noStarred')}
                  </Text>
                ) : (
                  shown.map((page) => {
                    const Icon = menuIcon(page.icon);
                    const isStarred = starredLinks.has(page.link);
                    return (
                      <HStack as="li" key={page.link} justify="space-between" py="0.5">
                        <ChakraLink asChild flex="1" py="1">
                          <Link to={page.link} onClick={() => setOpen(false)}>
                            <Icon size={16} aria-hidden />
                            {page.text}
                          </Link>
                        </ChakraLink>
                        <Box>
                          <IconButton
                            size="xs"
                            variant="ghost"
                            aria-pressed={isStarred}
                            aria-label={
                              isStarred
                                ? t('pageSearch.unstar', { page: page.text })
                                : t('pageSearch.star', { page: page.text })
                            }
                            onClick={() => void toggle(page)}
                          >
                            <Star
                              fill={isStarred ? '#FF9F43' : 'none'}
                              color={isStarred ? '#B86A1E' : 'currentColor'}
                            />
                          </IconButton>
                        </Box>
                      </HStack>
                    );
                  })
                )}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
