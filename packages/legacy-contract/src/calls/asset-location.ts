import { z } from 'zod';
import { Id, text } from '../primitives.ts';
import { recordCalls, recordFields, reference } from './record-calls.ts';
import { BaseRequest } from './shared.ts';

/*
 * Asset locations: api/asset-location/lists · show · store · update · destroy · options, the rooms
 * and departments of one branch (ICU, OT-1, Radiology, Front office, Store) where its assets stand.
 * A name is unique within its branch regardless of case; a caller sees and keeps the locations of
 * the branches they work in.
 */

const assetLocation = recordFields('AssetLocation', {
  AssetLocationName: {
    row: z.string(),
    request: text(100, { required: true }),
    header: 'Location',
  },
  Branch: reference('Branch'),
  BranchCode: { row: z.string(), header: 'Branch Code' },
});

export const AssetLocationRow = assetLocation.row;
export type AssetLocationRow = z.output<typeof AssetLocationRow>;

export const assetLocationCalls = recordCalls({
  prefix: 'assetLocation',
  path: 'asset-location',
  key: 'AssetLocation',
  title: 'Location',
  plural: 'locations',
  row: assetLocation.row,
  fields: assetLocation.request,
  headers: assetLocation.headers,
  optionsRequest: BaseRequest.extend({
    /** The branch whose active locations the select offers. */
    Branch: Id,
  }),
  summaries: {
    lists:
      "Every location of the caller's branches, active or not, with per-row EditFlag and DeleteFlag.",
    store: 'Creates a location in a branch the caller works in (active unless ActiveStatus is 0).',
    destroy: 'Deletes a location no asset stands in (otherwise set it InActive).',
    options: "One branch's active locations as select options, by name.",
  },
  refusals: {
    store: ['You do not work in branch ….', 'Location … already exists in branch ….'],
    destroy: ['Cannot delete Location …: it is used by … assets.'],
  },
});
