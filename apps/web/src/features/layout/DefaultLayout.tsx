import { Box, Flex, HStack, Image, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { PrimaryBranch } from '../branches/PrimaryBranch.tsx';
import { PageSearch } from '../navigation/PageSearch.tsx';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { Banner } from './Banner.tsx';
import { Footer } from './Footer.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { MainMenu, MenuDrawer } from './MainMenu.tsx';
import { LogOutButton, UserPanel } from './UserPanel.tsx';

/** The signed-in layout: top bar, banner, the page, footer. */
export function DefaultLayout() {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100vh">
      {/* A button, not an anchor: with hash routing '#main' would be read as a route. */}
      <Box
        as="button"
        position="absolute"
        left="-9999px"
        zIndex="skipLink"
        bg="white"
        p="2"
        _focus={{ left: '2', top: '2' }}
        onClick={() => document.getElementById('main')?.focus()}
      >
        {t('app.skipToContent')}
      </Box>
      <Box
        as="header"
        bg="white"
        borderBottomWidth="1px"
        position="sticky"
        top="0"
        zIndex="docked"
        shadow="xs"
      >
        {/*
         * One row from 1280 px: the menu in the bar, the primary branch's name cut short (its
         * whole text still its name) and the user's name left to the panel's label when room is
         * short. Narrower, the menu is a button with a drawer (MenuDrawer).
         */}
        <Flex px="4" py="2" gap="3" align="center" wrap={{ base: 'wrap', md: 'nowrap' }}>
          <MenuDrawer />
          <HStack asChild gap="2" me="2" flexShrink={0}>
            <Link to="/purchase-order/list">
              <Image src="/logo.svg" alt="" boxSize="8" />
              <Text fontWeight="bold" color="brand.fg" whiteSpace="nowrap">
                {t('app.name')}
              </Text>
            </Link>
          </HStack>
          <Box flexShrink={0} hideBelow="xl">
            <MainMenu />
          </Box>
          <HStack gap="2" ms="auto" minW="0" justify="end">
            <PageSearch />
            <NotificationBell />
            <LanguageMenu />
            <PrimaryBranch />
            <UserPanel />
            <LogOutButton />
          </HStack>
        </Flex>
        <Banner />
      </Box>
      <Box as="main" id="main" tabIndex={-1} flex="1" p={{ base: '3', md: '6' }}>
        <Suspense fallback={<LoadingDots label={t('shell.loadingPage')} />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Flex>
  );
}
