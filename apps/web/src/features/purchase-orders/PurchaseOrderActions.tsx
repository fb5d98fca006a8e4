import { HStack, Link } from '@chakra-ui/react';
import { BadgeCheck, Ban, CheckCheck, Eye, FileDown, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isBuilt } from '../../app/built-routes.ts';
import type { PurchaseOrderRowFieldsFragment } from '../../gql/graphql.ts';
import { IconAction } from '../../shared/IconAction.tsx';
import type { DialogMode } from './PurchaseOrderDialog.tsx';

/** The order form (create, and edit with ?id=), offered once it is built. */
export const ORDER_FORM = '/purchase-order/create';

/** A row's icon actions, each shown only when the row's flag allows it (the server checks again). */
export function PurchaseOrderActions({
  row,
  onOpen,
}: {
  row: PurchaseOrderRowFieldsFragment;
  onOpen: (mode: DialogMode) => void;
}) {
  const { t } = useTranslation();
  const { actions } = row;
  return (
    <HStack
      gap="0"
      justify="center"
      role="group"
      aria-label={t('purchaseOrders.rowActions', { number: row.number })}
    >
      {actions.preview ? (
        <IconAction label={t('purchaseOrders.preview')} onClick={() => onOpen('preview')}>
          <Eye />
        </IconAction>
      ) : null}
      {actions.verify ? (
        <IconAction
          label={t('purchaseOrders.verify')}
          colorPalette="blue"
          onClick={() => onOpen('verify')}
        >
          <BadgeCheck />
        </IconAction>
      ) : null}
      {actions.approve ? (
        <IconAction
          label={t('purchaseOrders.approve')}
          colorPalette="green"
          onClick={() => onOpen('approve')}
        >
          <CheckCheck />
        </IconAction>
      ) : null}
      {actions.edit && isBuilt(ORDER_FORM) ? (
        <IconAction label={t('purchaseOrders.edit')} asChild>
          <RouterLink to={`${ORDER_FORM}?id=${encodeURIComponent(row.id)}`}>
            <Pencil />
          </RouterLink>
        </IconAction>
      ) : null}
      {actions.cancel ? (
        <IconAction
          label={t('purchaseOrders.cancelOrder')}
          colorPalette="red"
          onClick={() => onOpen('cancel')}
        >
          <Ban />
        </IconAction>
      ) : null}
      {row.documentUrl ? (
        <IconAction label={t('purchaseOrders.pdf')} asChild>
          <Link href={row.documentUrl} target="_blank" rel="noopener">
            <FileDown />
          </Link>
        </IconAction>
      ) : null}
    </HStack>
  );
}
