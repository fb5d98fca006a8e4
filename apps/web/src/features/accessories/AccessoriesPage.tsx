import { toneColors } from '@branch-assets/domain';
import { HStack, Link, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { ArrowRightLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { IconAction } from '../../shared/IconAction.tsx';
import { StatusChip } from '../../shared/StatusChip.tsx';
import { recordScreen, statusColumn } from '../../shared/useRecordPage.tsx';
import { AccessoryFilters, accessoryFilters } from './AccessoryFilters.tsx';
import { type Accessory, AccessoryForm, accessoryInput } from './AccessoryForm.tsx';
import { accessoryDocuments } from './documents.ts';
import { MovementDialog } from './MovementDialog.tsx';

/**
 * The accessories: /accessories/lists, with their stock in the user's branches (or the one chosen
 * above the list) and what some branch holds less than its minimum of; /accessories/create and
 * /accessories/edit?id=… over the list. A name opens the accessory's page (its stock per branch
 * and its ledger); the stock's button records a movement.
 */
export const Component = recordScreen({
  module: 'accessories',
  documents: accessoryDocuments,
  strings: 'accessories',
  filters: accessoryFilters,
  Filters: AccessoryFilters,
  columns: (t) => ({
    name: {
      label: t('accessories.name'),
      text: (row) => row.name,
      render: (row) => (
        <Link asChild fontWeight="600">
          <RouterLink to={`/accessories/view?id=${row.id}`}>{row.name}</RouterLink>
        </Link>
      ),
      priority: 'essential',
    },
    accessoryTypeName: {
      label: t('accessories.accessoryType'),
      text: (row) => row.accessoryTypeName,
    },
    brandName: {
      label: t('accessories.brand'),
      text: (row) => row.brandName ?? '',
      priority: 'low',
    },
    unit: {
      label: t('accessories.unit'),
      text: (row) => t(`masterLists.choices.${row.unit}` as 'masterLists.choices.Nos'),
      priority: 'low',
      nowrap: true,
    },
    assetTypesText: {
      label: t('accessories.fitsColumn'),
      text: (row) => row.assetTypesText,
      priority: 'low',
    },
    onHand: {
      label: t('accessories.onHand'),
      text: (row) => String(row.onHand),
      render: (row) => <OnHand accessory={row} />,
      priority: 'essential',
      nowrap: true,
    },
    stockText: {
      label: t('accessories.stockByBranch'),
      text: (row) => row.stockText,
      priority: 'low',
    },
    belowMinimumText: {
      label: t('accessories.belowMinimum'),
      text: (row) => row.belowMinimumText,
      render: (row) =>
        row.belowMinimum ? (
          <HStack gap="2" wrap="wrap">
            <BelowMinimumChip />
            <Text as="span" fontSize="sm">
              {belowWhere(row.belowMinimumText, t)}
            </Text>
          </HStack>
        ) : null,
      priority: 'high',
    },
    ...statusColumn(t),
  }),
  Form: AccessoryForm,
  toInput: accessoryInput,
});

/** Where it is short: the branches as the server names them, or how many when they are many. */
function belowWhere(text: string, t: TFunction): string {
  const branches = text.split(', ').filter(Boolean);
  return branches.length <= 3 ? text : t('accessories.belowInBranches', { count: branches.length });
}

/** 'Below minimum' as a red chip. */
export function BelowMinimumChip() {
  const { t } = useTranslation();
  const colors = toneColors('danger');
  return (
    <StatusChip
      chip={{
        text: t('accessories.belowMinimum'),
        background: colors.background,
        color: colors.text,
      }}
    />
  );
}

/**
 * The quantity on hand and, for a user who may, the button that records a movement (at the
 * branch the list shows, when it shows one).
 */
function OnHand({ accessory }: { accessory: Accessory }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [moving, setMoving] = useState(false);
  return (
    <HStack gap="1" justify="flex-end">
      <Text as="span" fontVariantNumeric="tabular-nums">
        {accessory.onHand}
      </Text>
      {accessory.canEdit ? (
        <IconAction
          label={t('accessories.recordMovementFor', { name: accessory.name })}
          onClick={() => setMoving(true)}
        >
          <ArrowRightLeft aria-hidden />
        </IconAction>
      ) : null}
      {moving ? (
        <MovementDialog
          accessory={accessory}
          branchId={params.get('branch') ?? ''}
          onClose={() => setMoving(false)}
          onDone={() => setMoving(false)}
        />
      ) : null}
    </HStack>
  );
}
