import { Box, HStack } from '@chakra-ui/react';

/** The legacy loading indicator: orange dots at 70% opacity. */
export function LoadingDots({ label }: { label: string }) {
  return (
    <HStack gap="1.5" role="status" aria-label={label} opacity={0.7} justify="center" py="6">
      {[0, 1, 2].map((index) => (
        <Box
          key={index}
          width="3"
          height="3"
          borderRadius="full"
          bg="loader"
          animation="loaderDot 1.2s infinite ease-in-out both"
          style={{ animationDelay: `${index * 0.16}s` }}
        />
      ))}
    </HStack>
  );
}
