import {
  aGalleryImage,
  anAsset,
  anAssetLocation,
  anAssetType,
  simplePdf,
} from '@branch-assets/legacy-api/testing';
import { describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { errorCode, expectRefused, useLogin, useStack } from '../test/harness.ts';
import { downloadSheet } from '../test/workbook.ts';

/*
 * The asset register through the gateway, as a branch manager and a viewer of a branch of their
 * own (the factories' records, not the demo's).
 */

const AssetsQuery = graphql(`
  query AssetsOf($branchId: ID, $status: AssetStatus, $warranty: WarrantyState, $search: String, $sortBy: String) {
    assets(pageSize: 50, branchId: $branchId, status: $status, warranty: $warranty, search: $search, sortBy: $sortBy) {
      rows { id tag name assetTypeName brandName serialNumber locationName custodianName assetStatus assetStatusText warrantyState canEdit canDelete }
      headers { value }
      totalCount
      canCreate
      exportUrl
    }
  }
`);

const AssetQuery = graphql(`
  query AssetOf($id: ID!) {
    asset(id: $id) {
      tag name cost purchaseDate warrantyEnd criticality condition assetStatus
      timeline { kind userName reason changes { field before after } }
    }
  }
`);

const AssetByTag = graphql(`
  query AssetByTagOf($tag: String!) {
    assetByTag(tag: $tag) { id tag }
  }
`);

const SaveAsset = graphql(`
  mutation SaveAssetOf($input: AssetInput!) {
    saveAsset(input: $input) { message asset { id tag name cost assetStatus locationName custodianName } }
  }
`);

const OutOfOrder = graphql(`
  mutation OutOfOrderOf($id: ID!, $reason: String!) {
    markAssetOutOfOrder(id: $id, reason: $reason) { message asset { assetStatus } }
  }
`);

const BackInUse = graphql(`
  mutation BackInUseOf($id: ID!, $reason: String!) {
    putAssetBackInUse(id: $id, reason: $reason) { message asset { assetStatus } }
  }
`);

const Locations = graphql(`
  query LocationsOf($branchId: ID!) {
    assetLocationOptions(branchId: $branchId) { value text }
    assetLocations(branchId: $branchId) { rows { id name branchCode } totalCount }
  }
`);

const SaveLocation = graphql(`
  mutation SaveLocationOf($input: AssetLocationInput!) {
    saveAssetLocation(input: $input) { message assetLocation { id name } }
  }
`);

const BulkEdit = graphql(`
  mutation BulkEditOf($input: AssetBulkEditInput!) {
    bulkEditAssets(input: $input) { message assets { id locationName condition } }
  }
`);

const FilesQuery = graphql(`
  query AssetFilesOf($id: ID!) {
    asset(id: $id) { files { id kind title url thumbnailUrl contentType canDelete } }
  }
`);

const AttachPhoto = graphql(`
  mutation AttachPhotoOf($assetId: ID!, $imageId: ID!) {
    attachAssetPhoto(assetId: $assetId, imageId: $imageId) { id kind thumbnailUrl }
  }
`);

const DeleteFile = graphql(`
  mutation DeleteFileOf($id: ID!) {
    deleteAssetFile(id: $id) { message }
  }
`);

const stack = useStack([]);
const manager = useLogin(stack, 'manager');
const viewer = useLogin(stack, 'viewer');

/** The branch a made login works in (its primary branch). */
async function branchOf(login: { userId: number }): Promise<number> {
  const user = await stack.db
    .selectFrom('users')
    .select('primaryBranchId')
    .where('id', '=', login.userId)
    .executeTakeFirstOrThrow();
  if (user.primaryBranchId === null) throw new Error('the login has no branch');
  return user.primaryBranchId;
}

describe('assets through the gateway', () => {
  it('creates an asset with its tag, finds it by list, tag and id, and records its status changes', async () => {
    const branch = await branchOf(manager);
    const type = await anAssetType(stack.db);
    const room = await anAssetLocation(stack.db, { branch });
    const created = await manager.client.graphql(SaveAsset, {
      input: {
        name: 'Defibrillator, casualty',
        assetTypeId: String(type.id),
        brandId: String(type.brandId),
        serialNumber: 'DF-2231',
        branchId: String(branch),
        locationId: String(room.id),
        cost: '245000.00',
        purchaseDate: '2026-01-15',
        warrantyStart: '2026-01-15',
        warrantyEnd: '2026-12-31',
        criticality: 'HIGH',
        condition: 'GOOD',
      },
    });
    expect(created.errors).toBeUndefined();
    const asset = created.data?.saveAsset.asset;
    expect(asset).toMatchObject({
      cost: '245000.00',
      assetStatus: 'IN_STOCK',
      locationName: room.name,
    });
    expect(asset?.tag).toMatch(/^TST-\d+-\d{6}$/);
    const id = asset?.id ?? '';

    // By its tag: the file's other tests add assets to the same branch, in any order.
    const listed = await manager.client.graphql(AssetsQuery, {
      branchId: String(branch),
      search: asset?.tag ?? '',
    });
    expect(listed.errors).toBeUndefined();
    expect(listed.data?.assets.rows.map((row) => row.tag)).toEqual([asset?.tag]);
    expect(listed.data?.assets.rows[0]).toMatchObject({
      warrantyState: 'EXPIRING',
      assetStatusText: 'In stock',
      canEdit: true,
    });
    expect(listed.data?.assets.headers.map((header) => header.value)).toEqual([
      'actions',
      'tag',
      'name',
      'assetTypeName',
      'brandName',
      'model',
      'serialNumber',
      'branchName',
      'locationName',
      'custodianName',
      'purchaseOrderNumber',
      'criticalityText',
      'assetStatusText',
      'warrantyStateText',
      'status',
    ]);
    expect(listed.data?.assets.exportUrl).toBe(
      `/exports/assets.xlsx?branchId=${branch}&search=${asset?.tag}`,
    );
    const byTag = await manager.client.graphql(AssetByTag, {
      tag: ` ${asset?.tag.toLowerCase()} `,
    });
    expect(byTag.data?.assetByTag?.id).toBe(id);
    const none = await manager.client.graphql(AssetByTag, { tag: 'NO-SUCH-000001' });
    expect(none.data?.assetByTag).toBeNull();

    const broken = await manager.client.graphql(OutOfOrder, { id, reason: 'Does not charge' });
    expect(broken.data?.markAssetOutOfOrder.asset.assetStatus).toBe('OUT_OF_ORDER');
    const again = await manager.client.graphql(OutOfOrder, { id, reason: 'Again' });
    expectRefused(
      again,
      'REJECTED',
      'Only an asset In use or In stock can be marked Out of order (it is Out of order).',
    );
    const fixed = await manager.client.graphql(BackInUse, { id, reason: 'Battery replaced' });
    expect(fixed.data?.putAssetBackInUse.asset.assetStatus).toBe('IN_USE');

    const shown = await manager.client.graphql(AssetQuery, { id });
    expect(
      shown.data?.asset.timeline.map((event) => [event.kind, event.reason, event.changes]),
    ).toEqual([
      [
        'STATUS',
        'Battery replaced',
        [{ field: 'assetStatus', before: 'OUT_OF_ORDER', after: 'IN_USE' }],
      ],
      [
        'STATUS',
        'Does not charge',
        [{ field: 'assetStatus', before: 'IN_STOCK', after: 'OUT_OF_ORDER' }],
      ],
      ['CREATED', null, [{ field: 'assetStatus', before: null, after: 'IN_STOCK' }]],
    ]);
    expect(shown.data?.asset.timeline[0]?.userName).toBeTruthy();
  });

  it('filters by status and warranty, searches, and exports what the list shows', async () => {
    const branch = await branchOf(manager);
    const room = (await anAssetLocation(stack.db, { branch })).id;
    await anAsset(stack.db, {
      branch,
      location: room,
      status: 'OUT_OF_ORDER',
      serialNumber: 'FILTER-1',
    });
    await anAsset(stack.db, {
      branch,
      location: room,
      warrantyEnd: '2001-04-01',
      serialNumber: 'FILTER-2',
    });
    const broken = await manager.client.graphql(AssetsQuery, {
      branchId: String(branch),
      status: 'OUT_OF_ORDER',
    });
    expect(broken.data?.assets.rows.map((row) => row.serialNumber)).toContain('FILTER-1');
    expect(broken.data?.assets.rows.every((row) => row.assetStatus === 'OUT_OF_ORDER')).toBe(true);
    const expired = await manager.client.graphql(AssetsQuery, {
      branchId: String(branch),
      warranty: 'EXPIRED',
    });
    expect(expired.data?.assets.rows.map((row) => row.serialNumber)).toEqual(['FILTER-2']);
    const searched = await manager.client.graphql(AssetsQuery, {
      search: 'filter-',
      sortBy: 'serialNumber',
    });
    expect(searched.data?.assets.rows.map((row) => row.serialNumber)).toEqual([
      'FILTER-1',
      'FILTER-2',
    ]);
    const url = searched.data?.assets.exportUrl ?? '';
    expect(url).toBe('/exports/assets.xlsx?search=filter-&sortBy=serialNumber');
    const sheet = await downloadSheet(manager.client, url);
    expect(sheet.actualRowCount - 1).toBe(2);
    const refused = await manager.client.fetch('/exports/assets.xlsx?status=BROKEN');
    expect(refused.status).toBe(400);
  });

  it('keeps branches apart and lets the viewer only read', async () => {
    const mine = await branchOf(manager);
    const theirs = await branchOf(viewer);
    const their = await anAsset(stack.db, { branch: theirs });
    const managerSees = await manager.client.graphql(AssetQuery, { id: String(their.id) });
    expectRefused(managerSees, 'REJECTED', `Asset ${their.id} does not exist.`);
    const listed = await viewer.client.graphql(AssetsQuery, {});
    expect(listed.data?.assets.rows.map((row) => row.tag)).toEqual([their.tag]);
    expect(listed.data?.assets).toMatchObject({ canCreate: false, exportUrl: null });
    expect(listed.data?.assets.rows[0]).toMatchObject({ canEdit: false, canDelete: false });
    const type = await anAssetType(stack.db);
    const room = await anAssetLocation(stack.db, { branch: theirs });
    const refused = await viewer.client.graphql(SaveAsset, {
      input: {
        name: 'Not allowed',
        assetTypeId: String(type.id),
        brandId: String(type.brandId),
        branchId: String(theirs),
        locationId: String(room.id),
        criticality: 'LOW',
        condition: 'GOOD',
      },
    });
    expectRefused(refused, 'REJECTED', 'You are not allowed to create assets.');
    const badId = await manager.client.graphql(AssetsQuery, { branchId: 'x' });
    expect(errorCode(badId)).toBe('BAD_USER_INPUT');
    expect(mine).not.toBe(theirs);
  });

  it('edits several assets at once', async () => {
    const branch = await branchOf(manager);
    const room = await anAssetLocation(stack.db, { branch });
    const assets = [await anAsset(stack.db, { branch }), await anAsset(stack.db, { branch })];
    const answer = await manager.client.graphql(BulkEdit, {
      input: {
        ids: assets.map((asset) => String(asset.id)),
        locationId: String(room.id),
        condition: 'POOR',
      },
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.bulkEditAssets.message).toBe('2 assets changed.');
    expect(
      answer.data?.bulkEditAssets.assets.map((asset) => [asset.locationName, asset.condition]),
    ).toEqual([
      [room.name, 'POOR'],
      [room.name, 'POOR'],
    ]);
    const nothing = await manager.client.graphql(BulkEdit, {
      input: { ids: [String(assets[0]?.id)] },
    });
    expectRefused(
      nothing,
      'REJECTED',
      'Say what to change: a location, a custodian, a condition or notes.',
    );
  });

  it('keeps an asset’s documents (uploaded through the gateway) and gallery photos', async () => {
    const branch = await branchOf(manager);
    const asset = await anAsset(stack.db, { branch });
    const query = new URLSearchParams({
      assetId: String(asset.id),
      kind: 'WARRANTY_CARD',
      title: 'Warranty card',
      fileName: 'card.pdf',
    });
    const uploaded = await manager.client.fetch(`/uploads/asset-file?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(simplePdf('Warranty', ['Three years'])),
    });
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toMatchObject({
      message: 'Warranty card added.',
      record: { kind: 'WARRANTY_CARD', url: expect.stringMatching(/^\/files\/asset-files\//) },
    });
    const image = await aGalleryImage(stack.db, {
      kind: 'asset_photo',
      uploadedBy: manager.userId,
    });
    const photo = await manager.client.graphql(AttachPhoto, {
      assetId: String(asset.id),
      imageId: String(image.id),
    });
    expect(photo.data?.attachAssetPhoto).toMatchObject({ kind: 'PHOTO' });
    const files = await manager.client.graphql(FilesQuery, { id: String(asset.id) });
    expect(
      files.data?.asset.files.map((file) => [file.kind, file.contentType, file.canDelete]),
    ).toEqual([
      ['PHOTO', 'image/png', true],
      ['WARRANTY_CARD', 'application/pdf', true],
    ]);
    const document = await manager.client.fetch(files.data?.asset.files[1]?.url ?? '');
    expect(document.headers.get('content-type')).toBe('application/pdf');
    const deleted = await manager.client.graphql(DeleteFile, {
      id: files.data?.asset.files[1]?.id ?? '',
    });
    expect(deleted.data?.deleteAssetFile.message).toBe('Warranty card removed.');
    const text = await manager.client.fetch(`/uploads/asset-file?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: new TextEncoder().encode('not a pdf at all'),
    });
    expect(await text.json()).toMatchObject({
      error: {
        message: 'The file is not a PDF, PNG, JPEG or WebP file (a text file is not accepted).',
      },
    });
  });

  it('keeps a branch’s locations: options, list and save', async () => {
    const branch = String(await branchOf(manager));
    const saved = await manager.client.graphql(SaveLocation, {
      input: { name: 'OT-2', branchId: branch },
    });
    expect(saved.data?.saveAssetLocation.message).toMatch(/^Location OT-2 \(TST-\d+\) created\.$/);
    const answer = await manager.client.graphql(Locations, { branchId: branch });
    expect(answer.data?.assetLocationOptions.map((option) => option.text)).toContain('OT-2');
    expect(answer.data?.assetLocations.rows.map((row) => row.name)).toContain('OT-2');
    const twice = await manager.client.graphql(SaveLocation, {
      input: { name: 'ot-2', branchId: branch },
    });
    expectRefused(twice, 'REJECTED', /^Location OT-2 already exists in branch TST-\d+ - /);
  });
});
