import {
  aMasterRecord,
  anAccessory,
  anAssetType,
  aStaffMember,
} from '@branch-assets/legacy-api/testing';
import { describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { errorCode, expectRefused, useLogin, useStack } from '../test/harness.ts';
import { downloadSheet } from '../test/workbook.ts';

/*
 * Accessories and their stock ledger through the gateway, as a branch manager and a viewer of a
 * branch of their own (the factories' records, not the demo's).
 */

const AccessoriesQuery = graphql(`
  query AccessoriesOf($branchId: ID, $belowMinimum: Boolean, $search: String) {
    accessories(pageSize: 100, branchId: $branchId, belowMinimum: $belowMinimum, search: $search) {
      rows {
        id name accessoryTypeName unit assetTypeIds assetTypesText defaultMinimum onHand stockText
        belowMinimum belowMinimumText canEdit canDelete
        minimums { branchId branchCode minimum }
      }
      headers { value }
      totalCount
      canCreate
      exportUrl
    }
  }
`);

const SaveAccessory = graphql(`
  mutation SaveAccessoryOf($input: AccessoryInput!) {
    saveAccessory(input: $input) { message accessory { id name unit minimums { branchId minimum } } }
  }
`);

const DeleteAccessory = graphql(`
  mutation DeleteAccessoryOf($id: ID!) {
    deleteAccessory(id: $id) { message }
  }
`);

const RecordMovement = graphql(`
  mutation RecordMovementOf($input: AccessoryMovementInput!) {
    recordAccessoryMovement(input: $input) {
      message
      movement { id reason quantity balance issuedToText staffName }
      stock { id onHand minimum belowMinimum canMove }
    }
  }
`);

const StockAndLedger = graphql(`
  query StockAndLedgerOf($accessoryId: ID!) {
    accessory(id: $accessoryId) { name onHand }
    accessoryStock(accessoryId: $accessoryId) {
      rows { id branchCode onHand minimum belowMinimum belowMinimumText canMove }
      headers { value }
      canCreate
      exportUrl
    }
    accessoryLedger(accessoryId: $accessoryId) {
      rows { id at reason reasonText quantity balance reference vendorName issuedToText userName note }
      headers { value }
      totalCount
      exportUrl
    }
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

describe('accessories through the gateway', () => {
  it('creates an accessory, receives and issues it, and shows its stock and ledger', async () => {
    const branch = String(await branchOf(manager));
    const type = await aMasterRecord(stack.db, 'accessoryType');
    const monitor = await anAssetType(stack.db);
    const nurse = await aStaffMember(stack.db, { branches: [Number(branch)] });
    const saved = await manager.client.graphql(SaveAccessory, {
      input: {
        name: 'SpO2 finger probe, neonatal',
        accessoryTypeId: String(type.id),
        assetTypeIds: [String(monitor.id)],
        minimums: [{ branchId: branch, minimum: 4 }],
      },
    });
    expect(saved.errors).toBeUndefined();
    const accessory = saved.data?.saveAccessory.accessory;
    expect(accessory).toMatchObject({ unit: 'Nos', minimums: [{ branchId: branch, minimum: 4 }] });
    const id = accessory?.id ?? '';

    const listed = await manager.client.graphql(AccessoriesQuery, {
      branchId: branch,
      belowMinimum: true,
    });
    expect(listed.errors).toBeUndefined();
    expect(listed.data?.accessories.rows.map((row) => row.id)).toContain(id);
    expect(listed.data?.accessories.rows.find((row) => row.id === id)).toMatchObject({
      assetTypeIds: [String(monitor.id)],
      onHand: 0,
      belowMinimum: true,
      canEdit: true,
      canDelete: false,
    });
    expect(listed.data?.accessories.headers.map((header) => header.value)).toEqual([
      'actions',
      'name',
      'accessoryTypeName',
      'brandName',
      'unit',
      'assetTypesText',
      'onHand',
      'stockText',
      'belowMinimumText',
      'status',
    ]);
    expect(listed.data?.accessories).toMatchObject({
      canCreate: true,
      exportUrl: `/exports/accessories.xlsx?branchId=${branch}&belowMinimum=true`,
    });
    const sheet = await downloadSheet(manager.client, listed.data?.accessories.exportUrl ?? '');
    expect(sheet.actualRowCount - 1).toBe(listed.data?.accessories.totalCount);

    const received = await manager.client.graphql(RecordMovement, {
      input: {
        accessoryId: id,
        branchId: branch,
        reason: 'RECEIVED',
        quantity: 6,
        reference: 'DC-2291',
      },
    });
    expect(received.data?.recordAccessoryMovement).toMatchObject({
      movement: { reason: 'RECEIVED', quantity: 6, balance: 6 },
      stock: { onHand: 6, minimum: 4, belowMinimum: false, canMove: true },
    });
    const issued = await manager.client.graphql(RecordMovement, {
      input: {
        accessoryId: id,
        branchId: branch,
        reason: 'ISSUED',
        quantity: 3,
        staffId: String(nurse.id),
      },
    });
    expect(issued.data?.recordAccessoryMovement.message).toMatch(
      /^SpO2 finger probe, neonatal at TST-\d+: issued 3 Nos; 3 Nos on hand\.$/,
    );
    expect(issued.data?.recordAccessoryMovement.movement).toMatchObject({
      quantity: -3,
      issuedToText: nurse.name,
      staffName: nurse.name,
    });
    const tooMany = await manager.client.graphql(RecordMovement, {
      input: { accessoryId: id, branchId: branch, reason: 'CONSUMED', quantity: 4 },
    });
    expectRefused(
      tooMany,
      'REJECTED',
      /^Only 3 Nos of SpO2 finger probe, neonatal are in stock at TST-\d+; 4 cannot be consumed\.$/,
    );
    const transfer = await manager.client.graphql(RecordMovement, {
      input: { accessoryId: id, branchId: branch, reason: 'TRANSFERRED_OUT', quantity: 1 },
    });
    expectRefused(transfer, 'BAD_USER_INPUT', /^Reason must be one of RECEIVED, ISSUED/);

    const shown = await manager.client.graphql(StockAndLedger, { accessoryId: id });
    expect(shown.errors).toBeUndefined();
    expect(shown.data?.accessory.onHand).toBe(3);
    expect(shown.data?.accessoryStock).toMatchObject({
      rows: [{ onHand: 3, minimum: 4, belowMinimum: true, canMove: true }],
      canCreate: true,
      exportUrl: null,
    });
    expect(shown.data?.accessoryStock.rows[0]?.id).toBe(`${id}-${branch}`);
    const ledger = shown.data?.accessoryLedger;
    expect(ledger?.totalCount).toBe(2);
    expect(ledger?.rows.map((row) => [row.reason, row.quantity, row.balance])).toEqual([
      ['ISSUED', -3, 3],
      ['RECEIVED', 6, 6],
    ]);
    expect(ledger?.rows[1]).toMatchObject({ reference: 'DC-2291', reasonText: 'Received' });
    expect(ledger?.rows[0]?.userName).toBeTruthy();
    expect(ledger?.rows[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(ledger?.headers.map((header) => header.value)).toContain('issuedToText');
    // The ledger downloads as the page shows it, newest first.
    expect(ledger?.exportUrl).toBe(`/exports/accessory-ledger.xlsx?accessoryId=${id}`);
    const ledgerSheet = await downloadSheet(manager.client, ledger?.exportUrl ?? '');
    expect(ledgerSheet.actualRowCount - 1).toBe(2);
    expect(ledgerSheet.getRow(2).values).toContain('Issued');

    const inUse = await manager.client.graphql(DeleteAccessory, { id });
    expectRefused(inUse, 'REJECTED', 'You are not allowed to delete accessories.');
  });

  it('lets the viewer only read, and only their own branch’s stock', async () => {
    const mine = await branchOf(viewer);
    const theirs = await branchOf(manager);
    const held = await anAccessory(stack.db, { minimum: 2, stock: { branch: mine, onHand: 5 } });
    await stack.db
      .insertInto('accessoryStock')
      .values({ accessoryId: held.id, branchId: theirs, onHand: 1 })
      .execute();
    const listed = await viewer.client.graphql(AccessoriesQuery, { search: held.name });
    expect(listed.data?.accessories).toMatchObject({
      rows: [{ onHand: 5, belowMinimum: false, canEdit: false, canDelete: false }],
      canCreate: false,
      exportUrl: null,
    });
    const shown = await viewer.client.graphql(StockAndLedger, { accessoryId: String(held.id) });
    expect(shown.data?.accessoryStock.rows.map((row) => [row.onHand, row.canMove])).toEqual([
      [5, false],
    ]);
    expect(shown.data?.accessoryStock.canCreate).toBe(false);
    expect(shown.data?.accessoryLedger.exportUrl).toBeNull();
    const refused = await viewer.client.graphql(RecordMovement, {
      input: {
        accessoryId: String(held.id),
        branchId: String(mine),
        reason: 'CONSUMED',
        quantity: 1,
      },
    });
    expectRefused(refused, 'REJECTED', 'You are not allowed to edit accessories.');
    const elsewhere = await viewer.client.graphql(AccessoriesQuery, { branchId: String(theirs) });
    expectRefused(elsewhere, 'REJECTED', /^You do not work in branch /);
    const badId = await viewer.client.graphql(AccessoriesQuery, { branchId: 'x' });
    expect(errorCode(badId)).toBe('BAD_USER_INPUT');
  });
});
