import { makeGstin } from '@branch-assets/domain';
import { aVendor } from '@branch-assets/legacy-api/testing';
import { describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { errorCode, expectRefused, useLogin, useStack } from '../test/harness.ts';
import { downloadSheet } from '../test/workbook.ts';

const VendorsQuery = graphql(`
  query VendorsOf {
    vendors(pageSize: 1000) {
      rows { id code name gstin pan stateId stateName phone email bankIfsc active status { text } canEdit canDelete }
      headers { value }
      options { downloadable }
      canCreate
      exportUrl
    }
  }
`);

const SaveVendor = graphql(`
  mutation SaveVendorOf($input: VendorInput!) {
    saveVendor(input: $input) { message vendor { id code name gstin pan active stateName } }
  }
`);

const DeleteVendor = graphql(`
  mutation DeleteVendorOf($id: ID!) {
    deleteVendor(id: $id) { message }
  }
`);

const StatesQuery = graphql(`
  query VendorStates {
    masterOptions(list: STATE) { value text }
  }
`);

const stack = useStack(['admin']);
const { admin } = stack.users;

/** A viewer whose records are the file's own: they only read and are refused. */
const viewer = useLogin(stack, 'viewer').client;

/** Every vendor's id, in the server's order (by name, then id). */
async function everyVendor(): Promise<string[]> {
  const rows = await stack.db
    .selectFrom('vendors')
    .select('id')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => String(row.id));
}

async function tamilNadu(): Promise<string> {
  const states = await admin.graphql(StatesQuery);
  const state = states.data?.masterOptions.find((option) => option.text === 'Tamil Nadu');
  if (!state) throw new Error('no Tamil Nadu');
  return state.value;
}

describe('vendors through the gateway', () => {
  it('lists vendors with their flags and export for the admin; the viewer only reads', async () => {
    const vendor = String(await aVendor(stack.db));
    const answer = await admin.graphql(VendorsQuery);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.vendors.rows.map((row) => row.id)).toEqual(await everyVendor());
    expect(answer.data?.vendors.rows.find((row) => row.id === vendor)).toMatchObject({
      stateName: 'Tamil Nadu',
      active: true,
      canEdit: true,
      canDelete: true,
    });
    expect(answer.data?.vendors.canCreate).toBe(true);
    expect(answer.data?.vendors.exportUrl).toBe('/exports/vendors.xlsx');
    const viewed = await viewer.graphql(VendorsQuery);
    expect(viewed.data?.vendors.canCreate).toBe(false);
    expect(viewed.data?.vendors.exportUrl).toBeNull();
    expect(viewed.data?.vendors.rows.map((row) => row.id)).toContain(vendor);
    expect(viewed.data?.vendors.rows.every((row) => !row.canEdit && !row.canDelete)).toBe(true);
  });

  it('creates, changes and deletes a vendor; refusals carry the server message', async () => {
    const stateId = await tamilNadu();
    const input = {
      name: 'Kaveri Medical Devices',
      gstin: makeGstin('33', 'AAKCK1234M', '1'),
      pan: 'AAKCK1234M',
      stateId,
      address: '5 Mount Road, Chennai',
      contactPerson: 'K. Kaveri',
      phone: '044 2345 6789',
    };
    const created = await admin.graphql(SaveVendor, { input });
    expect(created.errors).toBeUndefined();
    const id = created.data?.saveVendor.vendor.id ?? '';
    // A new vendor's code is V and its id, four digits at least.
    expect(created.data?.saveVendor.vendor).toMatchObject({
      code: `V${id.padStart(4, '0')}`,
      name: input.name,
      gstin: input.gstin,
      pan: input.pan,
      stateName: 'Tamil Nadu',
      active: true,
    });

    const again = await admin.graphql(SaveVendor, { input: { ...input, name: 'Copy' } });
    expectRefused(
      again,
      'REJECTED',
      `A vendor with GSTIN ${input.gstin} already exists: Kaveri Medical Devices.`,
    );
    const badPhone = await admin.graphql(SaveVendor, { input: { ...input, id, phone: 'x' } });
    expect(errorCode(badPhone)).toBe('BAD_USER_INPUT');

    const changed = await admin.graphql(SaveVendor, { input: { ...input, id, active: false } });
    expect(changed.data?.saveVendor.vendor.active).toBe(false);
    const deleted = await admin.graphql(DeleteVendor, { id });
    expect(deleted.data?.deleteVendor.message).toBe('Vendor Kaveri Medical Devices deleted.');

    const refused = await viewer.graphql(SaveVendor, {
      input: { ...input, name: 'Viewer Vendor' },
    });
    expectRefused(refused, 'REJECTED', 'You are not allowed to create vendors.');
  });

  it('exports the vendors as a workbook with every row', async () => {
    await aVendor(stack.db);
    const sheet = await downloadSheet(admin, '/exports/vendors.xlsx');
    expect(sheet.actualRowCount - 1).toBe((await everyVendor()).length);
    expect((await viewer.fetch('/exports/vendors.xlsx')).status).toBe(403);
  });
});
