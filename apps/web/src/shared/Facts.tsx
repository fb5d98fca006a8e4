import { DataList } from '@chakra-ui/react';

/** Label and value pairs of a record's page; a fact the record does not have is left out. */
export function Facts({
  facts,
  size,
}: {
  facts: readonly (readonly [string, string | null | undefined])[];
  size?: 'sm' | 'md';
}) {
  return (
    <DataList.Root orientation="horizontal" size={size}>
      {facts
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
    </DataList.Root>
  );
}
