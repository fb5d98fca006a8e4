import type {
  AccessoryMovementRow,
  AccessoryStockRow,
  CallInput,
  ListPagingRequest,
} from '@branch-assets/legacy-contract';
import type {
  AccessoryInput,
  AccessoryMovementInput,
  Resolvers,
} from '../../generated/resolvers.ts';
import { accessoryBranch, accessoryExportQuery, accessoryFilters } from '../accessory-filters.ts';
import type { GraphQLContext } from '../context.ts';
import { numericId } from '../ids.ts';
import type { RecordListModel } from '../models.ts';
import {
  type ListAnswer,
  type ListArgs,
  type ListFilters,
  pageOf,
  pagingFields,
  pagingRefusal,
} from '../paging.ts';
import { askCanCreateEarly, permitted } from '../permitted.ts';
import * as Records from './records.ts';

/*
 * Accessories and their stock ledger (docs/assets.md, "Accessories"): the record calls as the
 * other record resources have them, the stock per branch and an accessory's ledger as lists, and
 * the one movement a user records. Stock figures are always of the caller's branches: the legacy
 * server decides which those are.
 */

const ACCESSORIES: Records.Calls<'accessory'> = { prefix: 'accessory', key: 'Accessory' };

/** The lists of the ledger that are not a record resource's `<prefix>Lists`, and their rows. */
interface StockLists {
  accessoryStock: AccessoryStockRow;
  accessoryLedger: AccessoryMovementRow;
}
type StockCall = keyof StockLists;
type RowOf<Name extends StockCall> = StockLists[Name];

/** One page of the stock list or a ledger, as every list field answers it (no download). */
async function readPage<Name extends StockCall>(
  context: Pick<GraphQLContext, 'read' | 'texts'>,
  name: Name,
  args: ListArgs,
  filters: ListFilters,
  own: Omit<CallInput<Name>, 'UserInterface' | keyof ListPagingRequest>,
  exportQuery: Record<string, string> = {},
): Promise<RecordListModel<RowOf<Name>>> {
  const paging = pagingFields(name, args, filters);
  const { records } = await context
    .read(name, { UserInterface: 1, ...own, ...paging } as CallInput<Name>)
    .catch((error: unknown) => {
      throw pagingRefusal(error, args);
    });
  // Both calls answer a list payload of their rows (the contract's listPayload).
  const page = pageOf(name, records as ListAnswer<RowOf<Name>>, paging, context.texts);
  return { ...page, exportQuery };
}

/**
 * The list fields of the stock list and the ledger: creating is recording a movement. The ledger
 * downloads (accessory-ledger); one accessory's stock per branch is a few rows, which the
 * accessories list's download already holds branch by branch.
 */
function movementListFields<Model extends RecordListModel<unknown>>(
  exportName: 'accessory-ledger' | null,
) {
  const fields = Records.listFields<Model>({
    module: 'accessories',
    exportName: exportName ?? 'accessories',
  });
  return {
    ...fields,
    canCreate: (_list: Model, _args: unknown, context: GraphQLContext) =>
      permitted(context, 'accessories', 'edit'),
    ...(exportName ? {} : { exportUrl: () => null }),
  };
}

/** A save input as the store fields: the rule's, and the minimums by the legacy names. */
function accessoryFields(input: AccessoryInput) {
  return Records.storeFieldsOf('accessory', input, {
    ...(input.minimums
      ? {
          Minimums: input.minimums.map((minimum) => ({
            Branch: numericId(minimum.branchId, 'minimums.branchId'),
            ...(minimum.minimum === null || minimum.minimum === undefined
              ? {}
              : { Minimum: minimum.minimum }),
          })),
        }
      : {}),
  });
}

function movementFields(input: AccessoryMovementInput): CallInput<'accessoryMovement'> {
  const id = (value: string | null | undefined, name: string) =>
    value === null || value === undefined || value === '' ? undefined : numericId(value, name);
  const given = <Value>(name: string, value: Value | undefined) =>
    value === undefined ? {} : { [name]: value };
  return {
    UserInterface: 1,
    Accessory: numericId(input.accessoryId, 'accessoryId'),
    Branch: numericId(input.branchId, 'branchId'),
    // Transfers reach the legacy server too, which refuses them by its own rule.
    Reason: input.reason as CallInput<'accessoryMovement'>['Reason'],
    Quantity: input.quantity,
    ...given('Vendor', id(input.vendorId, 'vendorId')),
    ...given('Reference', input.reference ?? undefined),
    ...given('Asset', id(input.assetId, 'assetId')),
    ...given('Staff', id(input.staffId, 'staffId')),
    ...given('Note', input.note ?? undefined),
  };
}

/** Who may create accessories and where their list downloads: the list and its query. */
const ACCESSORY_LIST = { module: 'accessories', exportName: 'accessories' } as const;

export const accessoryResolvers: Resolvers = {
  Query: {
    accessories: (_parent, args, context, info) => {
      askCanCreateEarly(context, info, ACCESSORY_LIST.module);
      const { page, pageSize, search, sortBy, sortDesc, ...own } = args;
      return Records.readList(
        context,
        ACCESSORIES,
        { page, pageSize, search, sortBy, sortDesc },
        {
          filters: accessoryBranch(own),
          rowFilters: accessoryFilters(own),
          exportQuery: accessoryExportQuery(own),
        },
      );
    },
    accessory: Records.showQuery(ACCESSORIES),
    accessoryOptions: async (_parent, { assetTypeId }, { read }) =>
      (
        await read('accessoryOptions', {
          UserInterface: 1,
          ...(assetTypeId ? { AssetType: numericId(assetTypeId, 'assetTypeId') } : {}),
        })
      ).records,
    accessoryStock: (_parent, args, context) => {
      const { accessoryId, branchId, belowMinimum, ...paging } = args;
      return readPage(
        context,
        'accessoryStock',
        paging,
        {
          ...(accessoryId ? { AccessoryId: numericId(accessoryId, 'accessoryId') } : {}),
          ...(branchId ? { BranchId: numericId(branchId, 'branchId') } : {}),
          ...(belowMinimum ? { BelowMinimum: true } : {}),
        },
        {},
      );
    },
    accessoryLedger: (_parent, args, context) => {
      const { accessoryId, branchId, reason, ...paging } = args;
      return readPage(
        context,
        'accessoryLedger',
        paging,
        {
          ...(branchId ? { BranchId: numericId(branchId, 'branchId') } : {}),
          ...(reason ? { Reason: reason } : {}),
        },
        { Accessory: numericId(accessoryId, 'accessoryId') },
        {
          accessoryId,
          ...(branchId ? { branchId } : {}),
          ...(reason ? { reason } : {}),
        },
      );
    },
  },
  Mutation: {
    saveAccessory: Records.saveMutation(ACCESSORIES, accessoryFields),
    deleteAccessory: Records.deleteMutation(ACCESSORIES),
    recordAccessoryMovement: async (_parent, { input }, { write }) => {
      const { output, records } = await write('accessoryMovement', movementFields(input));
      return { message: output, movement: records.Movement, stock: records.Stock };
    },
  },
  AccessoryList: Records.listFields(ACCESSORY_LIST),
  Accessory: {
    ...Records.namedFields('accessoryLists'),
    ...Records.rowFields,
  },
  AccessoryMinimum: {
    branchId: (minimum) => String(minimum.BranchId),
    branchCode: (minimum) => minimum.BranchCode,
    minimum: (minimum) => minimum.Minimum,
  },
  AccessoryResult: {
    message: (result) => result.message,
    accessory: (result) => result.record,
  },
  AccessoryStockList: movementListFields(null),
  AccessoryStock: Records.namedFields('accessoryStock'),
  AccessoryLedger: movementListFields('accessory-ledger'),
  AccessoryMovement: Records.namedFields('accessoryLedger'),
};
