import { Center, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A full-page message (access denied, not found, a failed chunk) with one way onwards. */
export function MessagePage({
  code,
  title,
  body,
  action,
}: {
  code: string;
  title: string;
  body: string;
  action: ReactNode;
}) {
  return (
    <Center minH="60vh" px="4">
      <Stack gap="4" align="center" textAlign="center" maxW="lg">
        <Text fontSize="5xl" fontWeight="bold" color="brand.fg" aria-hidden>
          {code}
        </Text>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted">{body}</Text>
        {action}
      </Stack>
    </Center>
  );
}
