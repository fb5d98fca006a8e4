import { useQuery } from '@apollo/client/react';
import { Field, Fieldset, HStack, IconButton, Input, Table, Text, Wrap } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetStatus } from '../../gql/graphql.ts';
import { askAgain } from '../../shared/listQuery.ts';
import { SEARCH_DELAY_MS } from '../../shared/ServerList.tsx';
import { TickBox } from '../../shared/TickBox.tsx';
import { useDebounced } from '../../shared/useDebounced.ts';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { AssetStatusChip } from './chips.tsx';
import { AssetPickerQuery } from './picker-documents.ts';

/** An asset a form has picked: what its chip shows and what the form sends. */
export interface PickedAsset {
  id: string;
  tag: string;
  name: string;
}

/** The picks with `asset` ticked (last) or unticked; only its id, tag and name are kept. */
export function withPick(
  picked: readonly PickedAsset[],
  asset: PickedAsset,
  on: boolean,
): PickedAsset[] {
  const others = picked.filter((other) => other.id !== asset.id);
  return on ? [...others, { id: asset.id, tag: asset.tag, name: asset.name }] : others;
}

/**
 * A form's assets of one branch: a search by tag, name or serial number, a table of what it
 * found with a tick box per asset (disabled when its status may not be picked), how many are
 * chosen and a removable chip for each. The texts that differ between forms come translated.
 */
export function AssetPicker({
  legend,
  branchId,
  picked,
  onChange,
  pickable,
  findLabel,
  helperText,
  chosenText,
  removeLabel,
  chipText = (asset) => asset.tag,
  chipTitle,
  initialSearch = '',
  children,
}: {
  legend: string;
  /** The branch searched; none (blank) asks nothing. */
  branchId: string;
  picked: readonly PickedAsset[];
  onChange: (picked: PickedAsset[]) => void;
  pickable: (status: AssetStatus) => boolean;
  findLabel: string;
  helperText?: string;
  /** "N assets chosen", already counted. */
  chosenText: string;
  /** The accessible name of a chip's remove button. */
  removeLabel: (asset: PickedAsset) => string;
  chipText?: (asset: PickedAsset) => string;
  chipTitle?: (asset: PickedAsset) => string;
  /** What the search box starts with; a new one (an asset asked for, found late) replaces it. */
  initialSearch?: string;
  /** The form's own notices, between the legend and the search box. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(initialSearch);
  const [searchGiven, setSearchGiven] = useState(initialSearch);
  if (initialSearch !== searchGiven) {
    setSearchGiven(initialSearch);
    setSearch(initialSearch);
  }
  const searched = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const found = useQuery(AssetPickerQuery, {
    variables: { branchId, search: searched || null },
    skip: !branchId,
  });
  const rows = (found.data ?? found.previousData)?.assets.rows ?? [];
  const toggle = (asset: PickedAsset, on: boolean) => onChange(withPick(picked, asset, on));

  return (
    <Fieldset.Root>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      {children}
      <Field.Root>
        <Field.Label>{findLabel}</Field.Label>
        <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      </Field.Root>
      {found.error ? (
        <RouteProblem error={found.error} onRetry={() => askAgain(found.refetch)} />
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="64">
          <Table.Root size="sm" stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('assets.tag')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('assets.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('assets.serialNumber')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('assets.location')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('assets.assetStatus')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((asset) => (
                <Table.Row key={asset.id}>
                  <Table.Cell whiteSpace="nowrap">
                    <TickBox
                      label={asset.tag}
                      disabled={!pickable(asset.assetStatus)}
                      checked={picked.some((other) => other.id === asset.id)}
                      onChange={(on) => toggle(asset, on)}
                    />
                  </Table.Cell>
                  <Table.Cell>{asset.name}</Table.Cell>
                  <Table.Cell>{asset.serialNumber ?? '—'}</Table.Cell>
                  <Table.Cell>{asset.locationName}</Table.Cell>
                  <Table.Cell>
                    <AssetStatusChip status={asset.assetStatus} t={t} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Text fontSize="sm">{chosenText}</Text>
      <Wrap gap="2">
        {picked.map((asset) => (
          <HStack key={asset.id} borderWidth="1px" borderRadius="md" ps="2" gap="1">
            <Text fontSize="sm" title={chipTitle?.(asset)}>
              {chipText(asset)}
            </Text>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={removeLabel(asset)}
              onClick={() => toggle(asset, false)}
            >
              <X />
            </IconButton>
          </HStack>
        ))}
      </Wrap>
    </Fieldset.Root>
  );
}
