import { Alert, Button, Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { describeProblem } from '../../shared/errors.ts';

/** A page that could not load its data: the reason and a way to try again. */
export function RouteProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Container maxW="xl" py="10">
      <Alert.Root status="error" alignItems="center">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{describeProblem(error, t).message}</Alert.Description>
        </Alert.Content>
        <Button size="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Alert.Root>
    </Container>
  );
}
