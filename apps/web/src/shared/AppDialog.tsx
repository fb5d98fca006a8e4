import { CloseButton, Dialog, type DialogContentProps, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The app's dialog frame, written once: centred, its title in the header, the body scrolling
 * inside, an optional footer, and closed by Escape, the backdrop or the corner button (all call
 * `onClose`). The focus stays inside while it is open (Chakra's dialog traps it).
 */
export function AppDialog({
  title,
  onClose,
  children,
  footer,
  open = true,
  size,
  role,
  content,
  closeButton = true,
  dismissible = true,
  description,
  wrap = (inner) => inner,
}: {
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  open?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  role?: 'dialog' | 'alertdialog';
  /** Props of the content box (a width of its own). */
  content?: DialogContentProps;
  closeButton?: boolean;
  /** Escape and a click outside close it (false: only what the dialog itself offers). */
  dismissible?: boolean;
  /** Wraps header, body and footer (a form around them). */
  wrap?: (inner: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={open}
      role={role}
      onOpenChange={(event) => {
        if (!event.open && dismissible) onClose();
      }}
      closeOnEscape={dismissible}
      closeOnInteractOutside={dismissible}
      placement="center"
      size={size}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...content}>
            {wrap(
              <>
                <Dialog.Header flexDirection="column" alignItems="start">
                  <Dialog.Title>{title}</Dialog.Title>
                  {description ? (
                    <Dialog.Description color="fg.muted" fontSize="sm">
                      {description}
                    </Dialog.Description>
                  ) : null}
                </Dialog.Header>
                <Dialog.Body>{children}</Dialog.Body>
                {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
              </>,
            )}
            {closeButton ? (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common.close')} />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
