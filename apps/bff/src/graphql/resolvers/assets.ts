import type { AssetEvent, AssetFile } from '@branch-assets/legacy-contract';
import type { AssetInput, AssetLocationInput, Resolvers } from '../../generated/resolvers.ts';
import { gatewayUrl, numericId } from '../ids.ts';
import { type AssetFilterName, assetFilters } from '../list-filters.ts';
import type { AssetChangeModel } from '../models.ts';
import { fieldNamesOf } from '../paging.ts';
import { askCanCreateEarly } from '../permitted.ts';
import * as Records from './records.ts';

/*
 * The asset register and its locations (docs/assets.md): the legacy asset calls as typed queries
 * and mutations, an asset's timeline on the asset itself, and the status changes of this issue.
 */

const ASSETS: Records.Calls<'asset'> = { prefix: 'asset', key: 'Asset' };
/** Who may create assets and where the register downloads: the list and its query. */
const ASSET_LIST = { module: 'asset', exportName: 'assets' } as const;
const LOCATIONS: Records.Calls<'assetLocation'> = {
  prefix: 'assetLocation',
  key: 'AssetLocation',
};

/** A changed value as text: what the row showed (an id's name, a date, an amount). */
function shown(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** An event's changes by the asset's GraphQL field names (the lists call's names). */
function changesOf(event: AssetEvent): AssetChangeModel[] {
  const { toGraphql } = fieldNamesOf('assetLists');
  return Object.entries(event.Changes).map(([field, [before, after]]) => ({
    field: toGraphql.get(field) ?? field,
    before: shown(before),
    after: shown(after),
  }));
}

/** An asset's file as the gateway's clients see it: its links through this gateway. */
export function assetFile(file: AssetFile) {
  return {
    id: String(file.AssetFileId),
    kind: file.Kind,
    title: file.Title,
    url: gatewayUrl(file.Path) ?? '',
    thumbnailUrl: gatewayUrl(file.ThumbnailPath),
    contentType: file.ContentType,
    uploadedBy: file.UploadedBy,
    at: file.At,
    canDelete: file.DeleteFlag,
  };
}

export const assetResolvers: Resolvers = {
  Query: {
    assets: (_parent, args, context, info) => {
      askCanCreateEarly(context, info, ASSET_LIST.module);
      const { page, pageSize, search, sortBy, sortDesc, ...filters } = args;
      const given = Object.fromEntries(
        Object.entries(filters).filter(([, value]) => value !== undefined && value !== null),
      ) as Partial<Record<AssetFilterName, string>>;
      return Records.readList(
        context,
        ASSETS,
        { page, pageSize, search, sortBy, sortDesc },
        { rowFilters: assetFilters(given), exportQuery: given },
      );
    },
    asset: Records.showQuery(ASSETS),
    assetByTag: async (_parent, { tag }, context) => {
      const list = await Records.readList(
        context,
        ASSETS,
        { page: 1, pageSize: 1 },
        { rowFilters: { AssetTag: tag.trim() } },
      );
      return list.rows[0] ?? null;
    },
    assetLocations: (_parent, { branchId, ...args }, context) =>
      Records.readList(context, LOCATIONS, args, {
        rowFilters: branchId ? { BranchId: numericId(branchId, 'branchId') } : {},
        exportQuery: branchId ? { branchId } : {},
      }),
    assetLocation: Records.showQuery(LOCATIONS),
    assetLocationOptions: async (_parent, { branchId }, { read }) =>
      (
        await read('assetLocationOptions', {
          UserInterface: 1,
          Branch: numericId(branchId, 'branchId'),
        })
      ).records,
  },
  Mutation: {
    saveAsset: Records.saveMutation(ASSETS, (input: AssetInput) =>
      Records.storeFieldsOf('asset', input),
    ),
    deleteAsset: Records.deleteMutation(ASSETS),
    markAssetOutOfOrder: async (_parent, { id, reason }, { write }) => {
      const { output, records } = await write('assetOutOfOrder', {
        UserInterface: 1,
        Asset: numericId(id, 'id'),
        Reason: reason,
      });
      return { message: output, record: records };
    },
    putAssetBackInUse: async (_parent, { id, reason }, { write }) => {
      const { output, records } = await write('assetBackInUse', {
        UserInterface: 1,
        Asset: numericId(id, 'id'),
        Reason: reason,
      });
      return { message: output, record: records };
    },
    attachAssetPhoto: async (_parent, { assetId, imageId }, { write }) => {
      const { records } = await write('assetPhotoAttach', {
        UserInterface: 1,
        Asset: numericId(assetId, 'assetId'),
        Image: numericId(imageId, 'imageId'),
      });
      return assetFile(records);
    },
    deleteAssetFile: async (_parent, { id }, { write }) => {
      const { output } = await write('assetFileDestroy', {
        UserInterface: 1,
        AssetFile: numericId(id, 'id'),
      });
      return { message: output };
    },
    bulkEditAssets: async (_parent, { input }, { write }) => {
      const given = <T>(value: T | null | undefined): value is T =>
        value !== null && value !== undefined;
      const { output, records } = await write('assetBulkUpdate', {
        UserInterface: 1,
        Assets: input.ids.map((id) => numericId(id, 'ids')),
        ...(given(input.locationId) ? { Location: numericId(input.locationId, 'locationId') } : {}),
        ...(given(input.custodianId)
          ? { Custodian: numericId(input.custodianId, 'custodianId') }
          : {}),
        ...(input.clearCustodian ? { ClearCustodian: 1 } : {}),
        ...(given(input.condition) ? { Condition: input.condition } : {}),
        ...(given(input.notes) && input.notes.trim() !== '' ? { Notes: input.notes } : {}),
        ...(input.clearNotes ? { ClearNotes: 1 } : {}),
      });
      return { message: output, assets: records };
    },
    saveAssetLocation: Records.saveMutation(LOCATIONS, (input: AssetLocationInput) =>
      Records.storeFieldsOf('assetLocation', input),
    ),
    deleteAssetLocation: Records.deleteMutation(LOCATIONS),
  },
  AssetList: Records.listFields(ASSET_LIST),
  Asset: {
    ...Records.namedFields('assetLists'),
    files: async (asset, _args, { read }) =>
      (await read('assetFiles', { UserInterface: 1, Asset: asset.AssetId })).records.map(assetFile),
    timeline: async (asset, _args, { read }) =>
      (await read('assetEvents', { UserInterface: 1, Asset: asset.AssetId })).records,
    ...Records.rowFields,
  },
  AssetEvent: {
    id: (event) => String(event.AssetEventId),
    kind: (event) => event.Kind,
    at: (event) => event.At,
    userName: (event) => event.UserName,
    changes: changesOf,
    reason: (event) => event.Reason,
  },
  AssetBulkEditResult: {
    message: (result) => result.message,
    assets: (result) => result.assets,
  },
  AssetResult: {
    message: (result) => result.message,
    asset: (result) => result.record,
  },
  AssetLocationList: Records.listFields({
    module: 'asset_location',
    exportName: 'asset-locations',
  }),
  AssetLocation: {
    ...Records.namedFields('assetLocationLists'),
    ...Records.rowFields,
  },
  AssetLocationResult: {
    message: (result) => result.message,
    assetLocation: (result) => result.record,
  },
};
