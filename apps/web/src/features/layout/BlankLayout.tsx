import { Box, Flex } from '@chakra-ui/react';
import { Outlet } from 'react-router';
import { Footer } from './Footer.tsx';

/** The login page's layout: the background image and the footer, no header. */
export function BlankLayout() {
  return (
    <Flex
      direction="column"
      minH="100vh"
      bgImage="url(/login-background.svg)"
      bgSize="cover"
      bgPos="center"
    >
      <Box as="main" flex="1" display="flex" alignItems="center" justifyContent="center" p="4">
        <Outlet />
      </Box>
      <Footer />
    </Flex>
  );
}
