import { chakra, HStack, Text } from '@chakra-ui/react';

// A native box: a long list of them ticks fast, and a scanner's Enter in a search box beside
// them cannot toggle one.
const NativeCheckbox = chakra('input');

/** A labelled tick box of a list of choices (assets to install or transfer, types it fits). */
export function TickBox({
  label,
  checked,
  onChange,
  disabled = false,
  fontSize,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  fontSize?: 'sm';
}) {
  return (
    <HStack as="label" gap="2" cursor={disabled ? 'not-allowed' : 'pointer'}>
      <NativeCheckbox
        type="checkbox"
        width="4"
        height="4"
        accentColor="brand.solid"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <Text as="span" fontSize={fontSize}>
        {label}
      </Text>
    </HStack>
  );
}
