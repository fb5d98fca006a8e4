import {
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Image,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { prefetchSignedInShell } from '../../app/router.tsx';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { LanguageMenu } from '../layout/LanguageMenu.tsx';
import { AuthError, hasSession, logIn } from '../session/auth-api.ts';

/** Where a signed-in user starts. */
const START_PAGE = '/purchase-order/list';

interface LoginForm {
  username: string;
  password: string;
}

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm<LoginForm>({ defaultValues: { username: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const from = (location.state as { from?: string } | null)?.from;
  const target = from && from !== '/login' ? from : START_PAGE;
  const justLeft = params.has('expired') || params.has('loggedOut');

  // Someone already signed in (a bookmark, Back after logging in) goes on to the page they wanted.
  useEffect(() => {
    if (justLeft) return;
    let current = true;
    void hasSession().then((signedIn) => {
      if (signedIn && current) navigate(target, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [justLeft, navigate, target]);

  const submit = form.handleSubmit(async ({ username, password }) => {
    setProblem(null);
    prefetchSignedInShell();
    try {
      await logIn(username.trim(), password);
    } catch (error) {
      if (error instanceof AuthError) {
        setProblem(
          error.code === 'UNREACHABLE' || !error.message
            ? t(error.code === 'UNREACHABLE' ? 'alerts.unreachable' : 'login.failed')
            : error.message,
        );
      } else setProblem(t('login.failed'));
      return;
    }
    // Whatever a previous user left in the cache belongs to them. (Imported here: the login
    // page itself renders without the data client.)
    const { client } = await import('../../app/data.ts');
    await client.clearStore();
    navigate(target, { replace: true });
  });

  const notice = params.get('expired')
    ? t('login.sessionExpired')
    : params.get('loggedOut')
      ? t('login.loggedOut')
      : null;

  return (
    <Card.Root width="full" maxW="md" shadow="lg">
      <Card.Body>
        {/* The signed-in shell is fetched once the form is first used, while the user types, so
            that the list after logging in does not wait for it (not at start: a visitor who does
            not log in would fetch ≈ 130 KB more). */}
        <form
          onSubmit={submit}
          onKeyDown={prefetchSignedInShell}
          onPointerDown={prefetchSignedInShell}
          onInput={prefetchSignedInShell}
          noValidate
        >
          <Stack gap="5">
            <HStack justify="space-between">
              <HStack>
                <Image src="/logo.svg" alt="" boxSize="10" />
                <Text fontWeight="bold" fontSize="lg">
                  {t('app.name')}
                </Text>
              </HStack>
              <LanguageMenu />
            </HStack>
            <Box>
              <Heading as="h1" size="lg">
                {t('login.title')}
              </Heading>
              <Text color="fg.muted">{t('login.subtitle')}</Text>
            </Box>
            <InlineAlert status="info" title={notice} />
            <InlineAlert status="error" title={problem} />
            <Field.Root invalid={!!errors.username} required>
              <Field.Label>{t('login.username')}</Field.Label>
              <Input
                autoComplete="username"
                autoFocus
                {...form.register('username', {
                  validate: (value) => value.trim() !== '' || t('login.usernameRequired'),
                })}
              />
              <Field.ErrorText>{errors.username?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.password} required>
              <Field.Label>{t('login.password')}</Field.Label>
              <HStack width="full">
                <Input
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  {...form.register('password', { required: t('login.passwordRequired') })}
                />
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setShowPassword((shown) => !shown)}
                  aria-pressed={showPassword}
                >
                  {showPassword ? t('login.hidePassword') : t('login.showPassword')}
                </Button>
              </HStack>
              <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={isSubmitting}>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
