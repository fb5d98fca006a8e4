import type { CallRequest } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import type { Memo } from '../bulk-upload/bulk-upload.ts';
import type { Db } from '../db/database.ts';
import { branchLabel } from '../shared/branch-scope.ts';
import type { Findings } from '../shared/findings.ts';
import { staffInBranches } from '../staff/in-branches.ts';
import type { StoredAsset } from './rows.ts';

/*
 * What an asset's request must agree with beyond its format (docs/assets.md): its references
 * exist (a newly chosen one is active), its location, custodian and order belong to its branch,
 * its serial number is its brand's only one, its warranty ends after it starts, and its status is
 * one a form may give. A save stops at the first broken rule (FIRST_REFUSAL); a bulk upload's row
 * hears of every one, on the fields that could be read (a rule needing a field that was not read
 * waits).
 */

type AssetBody = CallRequest<'assetStore'>;

type Named = 'assetTypes' | 'brands' | 'vendors';

const NOUN: Record<Named, string> = {
  assetTypes: 'Asset type',
  brands: 'Brand',
  vendors: 'Vendor',
};

interface Held {
  name: string;
  active: boolean;
  branchId?: number;
}

/**
 * The type, brand, vendor and location the request names, in one query (a bulk upload checks
 * thousands of rows, and each query is a round trip): null for one not named or not found.
 */
async function namedRecords(trx: Db, body: Partial<AssetBody>) {
  const one = (table: string, id: number | undefined, extra = sql``) =>
    id === undefined
      ? sql`null`
      : sql`(select json_build_object('name', name, 'active', active${extra}) from ${sql.table(table)} where id = ${id})`;
  const { rows } = await sql<Record<Named | 'location', Held | null>>`select
    ${one('asset_types', body.AssetType)} as "assetTypes",
    ${one('brands', body.Brand)} as "brands",
    ${one('vendors', body.Vendor)} as "vendors",
    ${one('asset_locations', body.Location, sql`, 'branchId', branch_id`)} as "location"`.execute(
    trx,
  );
  const [found] = rows;
  if (!found) throw new Error('a select without from answers one row');
  return found;
}

/** A record of a named table: it exists, and is active unless the asset already had it. */
function chosen(
  findings: Findings,
  table: Named,
  id: number | undefined,
  record: Held | null,
  had: number | null | undefined,
) {
  if (id === undefined) return;
  if (!record) findings.refuse(`${NOUN[table]} ${id} does not exist.`);
  else if (!record.active && id !== had)
    findings.refuse(`${NOUN[table]} ${record.name} is InActive: choose another.`);
}

export async function assetChecks(
  trx: Db,
  body: Partial<AssetBody>,
  self: StoredAsset | null,
  access: Access,
  findings: Findings,
  options: {
    /**
     * The asset `self` was looked for by this brand and serial number (a bulk row without a tag):
     * then no other asset holds them, and the query that would say so is spared.
     */
    serialMatched?: boolean;
    /** A bulk upload's: the type, brand, vendor, room and custodian looked up once for its rows. */
    memo?: Memo;
  } = {},
): Promise<void> {
  const memo: Memo = options.memo ?? ((_key, load) => load());
  const branch = body.Branch;
  if (self && branch !== undefined && branch !== self.branchId)
    findings.refuse('An asset moves to another branch by a transfer, not by editing it.');
  if (!self && branch !== undefined && !access.worksIn(branch))
    findings.refuse(`You do not work in branch ${await branchLabel(trx, branch)}.`);
  const status = body.AssetStatus;
  if (self) {
    if (status !== undefined && status !== self.assetStatus)
      findings.refuse('The status of an asset changes only through its workflows.');
  } else if (status !== undefined && status !== 'IN_STOCK' && status !== 'IN_USE') {
    findings.refuse(
      'A new asset is In stock or In use; the other statuses come from their workflows.',
    );
  } else if (status === 'IN_USE' && !body.PutToUseDate) {
    findings.refuse('An asset in use needs its put-to-use date.');
  }
  const named = await memo(
    `named|${body.AssetType}|${body.Brand}|${body.Vendor}|${body.Location}`,
    () => namedRecords(trx, body),
  );
  chosen(findings, 'assetTypes', body.AssetType, named.assetTypes, self?.assetTypeId);
  chosen(findings, 'brands', body.Brand, named.brands, self?.brandId);
  chosen(findings, 'vendors', body.Vendor, named.vendors, self?.vendorId);
  if (branch !== undefined)
    await branchChecks(trx, body, branch, self, named.location, findings, memo);
  if (body.SerialNumber && body.Brand !== undefined && !options.serialMatched) {
    const holder = await trx
      .selectFrom('assets as a')
      .innerJoin('brands as br', 'br.id', 'a.brandId')
      .select(['a.tag', 'br.name as brandName'])
      .where('a.brandId', '=', body.Brand)
      .where(sql<boolean>`lower(a.serial_number) = ${body.SerialNumber.toLowerCase()}`)
      .where('a.id', '<>', self?.id ?? 0)
      .executeTakeFirst();
    if (holder)
      findings.refuse(
        `Brand ${holder.brandName} already has an asset with serial number ${body.SerialNumber}: ${holder.tag}.`,
      );
  }
  if (body.WarrantyStart && body.WarrantyEnd && body.WarrantyEnd < body.WarrantyStart)
    findings.refuse(`Warranty end ${body.WarrantyEnd} is before its start ${body.WarrantyStart}.`);
}

/** The location, custodian and order of the asset's branch. */
async function branchChecks(
  trx: Db,
  body: Partial<AssetBody>,
  branch: number,
  self: StoredAsset | null,
  location: Held | null,
  findings: Findings,
  memo: Memo,
): Promise<void> {
  const inBranch = async () => `branch ${await branchLabel(trx, branch)}`;
  if (body.Location !== undefined) {
    if (!location || location.branchId !== branch)
      findings.refuse(
        `Location ${location?.name ?? body.Location} is not a location of ${await inBranch()}.`,
      );
    else if (!location.active && body.Location !== self?.locationId)
      findings.refuse(`Location ${location.name} is InActive: choose another.`);
  }
  if (body.Custodian !== undefined) {
    const id = body.Custodian;
    const custodian = await memo(`custodian|${id}|${branch}`, () => custodianOf(trx, id, branch));
    if (!custodian)
      findings.refuse(`Custodian ${body.Custodian} is not a staff member of ${await inBranch()}.`);
    else if (!custodian.active && body.Custodian !== self?.custodianId)
      findings.refuse(`Custodian ${custodian.name} is InActive: choose another.`);
  }
  if (body.PurchaseOrder !== undefined) {
    const order = await trx
      .selectFrom('purchaseOrders')
      .select(['poNumber', 'billedBranchId', 'shippedBranchId'])
      .where('id', '=', body.PurchaseOrder)
      .executeTakeFirst();
    if (!order || (order.billedBranchId !== branch && order.shippedBranchId !== branch))
      findings.refuse(
        `Purchase order ${order?.poNumber ?? body.PurchaseOrder} is not an order of ${await inBranch()}.`,
      );
  }
}

/** A staff member of the branch (theirs, or assigned to it), by id: their name and whether active. */
function custodianOf(trx: Db, id: number, branch: number) {
  return trx
    .selectFrom('staff as s')
    .select(['s.name', 's.active'])
    .where('s.id', '=', id)
    .where(staffInBranches([branch]))
    .executeTakeFirst();
}
