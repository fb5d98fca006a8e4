import { Box, HStack, Link } from '@chakra-ui/react';
import { BadgeCheck, Ban, CheckCheck, Eye, FileDown, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isBuilt } from '../../app/built-routes.ts';
import type { PurchaseOrderRowFieldsFragment } from '../../gql/graphql.ts';
import { IconAction } from '../../shared/IconAction.tsx';
import type { DialogMode } from './PurchaseOrderDialog.tsx';

/** The order form (create, and edit with ?id=), offered once it is built. */
export const ORDER_FORM = '/purchase-order/create';

/**
 * Each action in a place of its own, empty when the row's flag does not allow it, so an action
 * stands at the same place in every row (an icon button is 2rem wide).
 */
function Slot({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <Box width="8" height="8" flexShrink={0}>
      {shown ? children : null}
    </Box>
  );
}

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
      justify="flex-start"
      role="group"
      aria-label={t('purchaseOrders.rowActions', { number: row.number })}
      data-row-actions={row.id}
    >
      <Slot shown={actions.preview}>
        <IconAction label={t('purchaseOrders.preview')} onClick={() => onOpen('preview')}>
          <Eye />
        </IconAction>
      </Slot>
      <Slot shown={actions.verify}>
        <IconAction
          label={t('purchaseOrders.verify')}
          colorPalette="blue"
          onClick={() => onOpen('verify')}
        >
          <BadgeCheck />
        </IconAction>
      </Slot>
      <Slot shown={actions.approve}>
        <IconAction
          label={t('purchaseOrders.approve')}
          colorPalette="green"
          onClick={() => onOpen('approve')}
        >
          <CheckCheck />
        </IconAction>
      </Slot>
      {isBuilt(ORDER_FORM) ? (
        <Slot shown={actions.edit}>
          <IconAction label={t('purchaseOrders.edit')} asChild>
            <RouterLink to={`${ORDER_FORM}?id=${encodeURIComponent(row.id)}`}>
              <Pencil />
            </RouterLink>
          </IconAction>
        </Slot>
      ) : null}
      <Slot shown={actions.cancel}>
        <IconAction
          label={t('purchaseOrders.cancelOrder')}
          colorPalette="red"
          onClick={() => onOpen('cancel')}
        >
          <Ban />
        </IconAction>
      </Slot>
      <Slot shown={row.documentUrl !== null}>
        <IconAction label={t('purchaseOrders.pdf')} asChild>
          <Link href={row.documentUrl ?? undefined} target="_blank" rel="noopener">
            <FileDown />
          </Link>
        </IconAction>
      </Slot>
    </HStack>
  );
}
