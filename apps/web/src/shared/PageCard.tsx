import { Box, Card, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

/**
 * A screen's card, as the legacy pages had it: the server's title and description, the page's
 * buttons beside them, and the page's body. The section is named by its title.
 */
export function PageCard({
  title,
  description,
  toolbar,
  children,
}: {
  title: string;
  description: string;
  toolbar: ReactNode;
  children: ReactNode;
}) {
  const titleId = `${useId()}-title`;
  return (
    <Card.Root as="section" aria-labelledby={titleId}>
      <Card.Header>
        <Flex gap="4" wrap="wrap" align="start" justify="space-between">
          <Box>
            <Heading as="h1" size="lg" id={titleId}>
              {title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {description}
            </Text>
          </Box>
          <HStack gap="2" wrap="wrap">
            {toolbar}
          </HStack>
        </Flex>
      </Card.Header>
      <Card.Body gap="4">{children}</Card.Body>
    </Card.Root>
  );
}
