import { ALERT_TIMEOUT_MS } from '@branch-assets/domain';
import {
  Box,
  Button,
  Toaster as ChakraToaster,
  createToaster,
  Portal,
  Stack,
  Toast,
} from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * The legacy alerts: a success (and the 'You cancelled the process' notice) disappears after 2 s
 * with a progress bar and no button; an error stays until the user dismisses it.
 */
// Bottom right: a notice covers nothing of the top bar (the menu, the primary branch, the user).
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: false, max: 5 });

export function notifySuccess(message: string): void {
  toaster.create({
    type: 'success',
    description: message,
    duration: ALERT_TIMEOUT_MS,
    meta: { countdown: true },
  });
}

/** An error-style notice that goes by itself after 2 s, like the legacy cancel notice. */
export function notifyBriefError(message: string): void {
  toaster.create({
    type: 'error',
    description: message,
    duration: ALERT_TIMEOUT_MS,
    meta: { countdown: true },
  });
}

export function notifyError(message: string): void {
  toaster.create({
    type: 'error',
    description: message,
    duration: Number.POSITIVE_INFINITY,
    closable: true,
  });
}

export function Alerts() {
  const { t } = useTranslation();
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => {
          const countdown = toast.meta?.countdown === true;
          return (
            <Toast.Root
              width={{ md: 'md' }}
              overflow="hidden"
              role={toast.type === 'error' ? 'alert' : 'status'}
            >
              <Toast.Indicator />
              <Stack gap="1" flex="1" maxWidth="100%">
                <Toast.Title>
                  {toast.type === 'error' ? t('alerts.error') : t('alerts.success')}
                </Toast.Title>
                {toast.description ? (
                  // Chakra dims the description to 0.8, which on the error red falls short of
                  // WCAG AA contrast for the message that matters most; it was not caught while a
                  // modal dialog hid the page from the accessibility scan.
                  <Toast.Description opacity={1}>{toast.description}</Toast.Description>
                ) : null}
              </Stack>
              {toast.closable ? (
                <Toast.CloseTrigger asChild>
                  <Button
                    size="sm"
                    bg="white"
                    color="red.700"
                    _hover={{ bg: 'red.50' }}
                    position="static"
                  >
                    {t('common.dismiss')}
                  </Button>
                </Toast.CloseTrigger>
              ) : null}
              {countdown ? (
                <Box
                  data-testid="alert-progress"
                  position="absolute"
                  insetX="0"
                  bottom="0"
                  height="3px"
                  bg="currentColor"
                  opacity={0.5}
                  transformOrigin="left"
                  animation={`alertCountdown ${ALERT_TIMEOUT_MS}ms linear forwards`}
                />
              ) : null}
            </Toast.Root>
          );
        }}
      </ChakraToaster>
    </Portal>
  );
}
