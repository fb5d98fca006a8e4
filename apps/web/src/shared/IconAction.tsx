import { IconButton, type IconButtonProps, Tooltip } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** An icon button with its accessible name shown as a tooltip, for row actions and toolbars. */
export function IconAction({
  label,
  children,
  ...rest
}: { label: string; children: ReactNode } & Omit<IconButtonProps, 'aria-label'>) {
  return (
    <Tooltip.Root openDelay={300} closeDelay={0}>
      <Tooltip.Trigger asChild>
        <IconButton aria-label={label} size="sm" variant="ghost" {...rest}>
          {children}
        </IconButton>
      </Tooltip.Trigger>
      <Tooltip.Positioner>
        <Tooltip.Content>{label}</Tooltip.Content>
      </Tooltip.Positioner>
    </Tooltip.Root>
  );
}
