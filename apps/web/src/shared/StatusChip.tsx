import { Badge } from '@chakra-ui/react';

/**
 * A status as the coloured chip the legacy app showed. The server sends the text and the colours
 * (chosen by packages/domain's tone table, with AA contrast), so the chip shows them as they are.
 */
export function StatusChip({
  chip,
  label,
}: {
  chip: { text: string; background: string; color: string };
  label?: string;
}) {
  return (
    <Badge
      borderRadius="full"
      px="2.5"
      py="0.5"
      fontWeight="600"
      textTransform="none"
      style={{ background: chip.background, color: chip.color }}
      aria-label={label ? `${label}: ${chip.text}` : undefined}
      data-status=""
    >
      {chip.text}
    </Badge>
  );
}
