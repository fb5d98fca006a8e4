import {
  contractAlert,
  daysBetween,
  formatPaise,
  indianDate,
  noticeDate,
  percentOf,
  statusTone,
  toneColors,
  toPaise,
  visitDates,
} from '@branch-assets/domain';
import type {
  CallRequest,
  MaintenanceContractDetail,
  MaintenanceContractRenewRequest,
  MaintenanceContractRequest,
  MaintenanceContractRow,
  TableHeader,
} from '@branch-assets/legacy-contract';
import { type SqlBool, sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { userNameOf } from '../db/name-by-id.ts';
import { Refusal } from '../http/errors.ts';
import { namedBranch } from '../shared/branch-scope.ts';
import { ACTIONS_HEADER } from '../shared/list-payload.ts';
import { queryListPayload } from '../shared/query-list.ts';
import {
  contains,
  nameColumn,
  numberColumn,
  type SqlList,
  sortText,
  textColumn,
} from '../shared/sql-page.ts';
import { namedVendor } from '../vendors/named-vendor.ts';

export const MODULE = 'amc';
export const NOT_FOUND = 'Maintenance contract not found.';
const NOT_YOUR_BRANCH = 'You do not work in that branch.';

export const CONTRACT_STATE_TEXT = {
  UPCOMING: 'Upcoming',
  ACTIVE: 'Active',
  ENDING: 'Ending Soon',
  ENDED: 'Ended',
  RENEWED: 'Renewed',
} as const;
type ContractState = keyof typeof CONTRACT_STATE_TEXT;

/** Where a contract stands today; a renewed one is RENEWED once its successor exists. */
export function contractState(
  contract: { startDate: string; endDate: string; renewed: boolean },
  today: string,
): ContractState {
  if (contract.renewed) return 'RENEWED';
  if (contract.startDate > today) return 'UPCOMING';
  const alert = contractAlert(contract.endDate, today);
  if (alert === 'ENDED') return 'ENDED';
  return alert === null ? 'ACTIVE' : 'ENDING';
}

/** The same in SQL, for the list's filter and sort. */
function stateSql(today: string) {
  return sql<string>`(case
    when exists (select 1 from maintenance_contracts n where n.previous_contract_id = c.id) then 'RENEWED'
    when c.start_date > ${today}::date then 'UPCOMING'
    when c.end_date < ${today}::date then 'ENDED'
    when c.end_date <= ${today}::date + 90 then 'ENDING'
    else 'ACTIVE' end)`;
}

const HEADERS: TableHeader[] = [
  ACTIONS_HEADER,
  { text: 'Contract No', value: 'ContractNumber' },
  { text: 'Vendor', value: 'VendorName' },
  { text: 'Type', value: 'ContractType', align: 'center' },
  { text: 'Start', value: 'StartDate' },
  { text: 'End', value: 'EndDate' },
  { text: 'Days Left', value: 'DaysLeft', align: 'end' },
  { text: 'Assets', value: 'AssetCount', align: 'end' },
  // Amounts travel as text, which every server sorts as text: the list is not sorted by them.
  { text: 'Value', value: 'ContractValue', align: 'end', sortable: false },
  { text: 'Status', value: 'StatusTxt', align: 'center' },
];

const ASSET_COUNT = sql<number>`(select count(*)::int from maintenance_contract_assets ca where ca.contract_id = c.id)`;
const RENEWED = sql<boolean>`exists (select 1 from maintenance_contracts n where n.previous_contract_id = c.id)`;

function rowQuery(db: Db) {
  return db
    .selectFrom('maintenanceContracts as c')
    .innerJoin('vendors as v', 'v.id', 'c.vendorId')
    .select([
      'c.id',
      'c.contractNumber',
      'c.branchId',
      'c.vendorId',
      'v.name as vendorName',
      'c.contractType',
      'c.startDate',
      'c.endDate',
      'c.contractValue',
      'c.gstRate',
      'c.visitsPerYear',
      ASSET_COUNT.as('assetCount'),
      RENEWED.as('renewed'),
    ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof rowQuery>['executeTakeFirstOrThrow']>>;

function toRow(record: Stored, access: Access, today: string): MaintenanceContractRow {
  const state = contractState(
    { startDate: record.startDate, endDate: record.endDate, renewed: Boolean(record.renewed) },
    today,
  );
  const text = CONTRACT_STATE_TEXT[state];
  const colors = toneColors(statusTone(text));
  const writes =
    access.worksIn(record.branchId) && (access.can(MODULE, 'create') || access.can(MODULE, 'edit'));
  return {
    MaintenanceContractId: record.id,
    ContractNumber: record.contractNumber,
    BranchId: record.branchId,
    VendorId: record.vendorId,
    VendorName: record.vendorName,
    ContractType: record.contractType,
    StartDate: record.startDate,
    EndDate: record.endDate,
    DaysLeft: daysBetween(today, record.endDate),
    ContractValue: record.contractValue,
    GstRate: Number(record.gstRate),
    AssetCount: Number(record.assetCount),
    VisitsPerYear: record.visitsPerYear,
    StatusTxt: text,
    StatusCode: state,
    StatusBgColor: colors.background,
    StatusTextColor: colors.text,
    RenewFlag: writes && !record.renewed,
    EditFlag: writes && !record.renewed,
  };
}

function list(today: string): SqlList {
  const state = stateSql(today);
  return {
    columns: {
      ContractNumber: textColumn(sql`c.contract_number`),
      VendorName: nameColumn(sql`v.name`, sql`c.vendor_id`, 'vendors'),
      ContractType: textColumn(sql`c.contract_type`),
      StartDate: {
        sort: sql`c.start_date`,
        search: (word) => (/^[\d-]+$/.test(word) ? contains(sql`c.start_date::text`, word) : null),
      },
      EndDate: {
        sort: sql`c.end_date`,
        search: (word) => (/^[\d-]+$/.test(word) ? contains(sql`c.end_date::text`, word) : null),
      },
      DaysLeft: { sort: sql`c.end_date`, search: () => null },
      AssetCount: numberColumn(ASSET_COUNT),
      StatusTxt: {
        sort: sortText(state),
        search: (word) => {
          const states = Object.entries(CONTRACT_STATE_TEXT)
            .filter(([, text]) => text.toLowerCase().includes(word))
            .map(([code]) => code);
          return states.length > 0 ? sql<SqlBool>`${state} in (${sql.join(states)})` : null;
        },
      },
    },
    filters: {
      StatusCode: (value) => sql<SqlBool>`${state} = ${String(value)}`,
      ContractType: (value) => sql<SqlBool>`c.contract_type = ${String(value)}`,
      Vendor: (value) => sql<SqlBool>`c.vendor_id = ${Number(value) || 0}`,
      Asset: (value) =>
        sql<SqlBool>`exists (select 1 from maintenance_contract_assets ca where ca.contract_id = c.id and ca.asset_id = ${Number(value) || 0})`,
    },
    // Those ending first: what needs a decision is on top.
    order: [{ by: sql`c.end_date`, desc: false }],
    key: sql`c.id`,
  };
}

export function contractList(
  db: Db,
  access: Access,
  branch: { id: number; code: string },
  request: CallRequest<'maintenanceContractLists'>,
) {
  const today = indianDate(new Date());
  return queryListPayload(db, request, {
    rows: () => rowQuery(db).where('c.branchId', '=', branch.id),
    count: () => db.selectFrom('maintenanceContracts as c').where('c.branchId', '=', branch.id),
    key: 'c.id',
    list: list(today),
    headers: HEADERS,
    toRow: (record) => toRow(record, access, today),
    itemKey: 'MaintenanceContractId',
    canDownload: access.can(MODULE, 'download'),
    excelFileName: `MaintenanceContracts_${branch.code}`,
  });
}

export async function contractDetail(
  db: Db,
  access: Access,
  id: number,
): Promise<MaintenanceContractDetail | null> {
  const today = indianDate(new Date());
  const record = await rowQuery(db)
    .innerJoin('branches as b', 'b.id', 'c.branchId')
    .leftJoin('maintenanceContracts as p', 'p.id', 'c.previousContractId')
    .select([
      'b.code as branchCode',
      'c.paymentSchedule',
      'c.responseHours',
      'c.noticeDays',
      'c.renewal',
      'c.remarks',
      'c.previousContractId',
      'p.contractNumber as previousContractNumber',
      userNameOf('c.created_by').as('createdByName'),
      sql<
        number | null
      >`(select n.id from maintenance_contracts n where n.previous_contract_id = c.id)`.as(
        'nextContractId',
      ),
      sql<
        string | null
      >`(select n.contract_number from maintenance_contracts n where n.previous_contract_id = c.id)`.as(
        'nextContractNumber',
      ),
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!record || !access.worksIn(record.branchId)) return null;
  const [assets, jobs] = await Promise.all([
    db
      .selectFrom('maintenanceContractAssets as ca')
      .innerJoin('assets as a', 'a.id', 'ca.assetId')
      .select(['a.id', 'a.tag', 'a.name', 'a.assetStatus', 'a.cost'])
      .where('ca.contractId', '=', id)
      .orderBy('a.tag')
      .execute(),
    db
      .selectFrom('jobOrders')
      .select([
        'id',
        'jobNumber',
        'dueDate',
        'status',
        sql<string | null>`to_char(resolved_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`.as(
          'completedOn',
        ),
      ])
      .where('visitContractId', '=', id)
      .execute(),
  ]);
  const value = toPaise(record.contractValue);
  const gst = percentOf(value, Number(record.gstRate));
  const covered = assets.reduce((sum, asset) => sum + (asset.cost ? toPaise(asset.cost) : 0), 0);
  const byDue = new Map(jobs.map((job) => [job.dueDate, job]));
  return {
    ...toRow(record, access, today),
    BranchCode: record.branchCode,
    PaymentSchedule: record.paymentSchedule,
    ResponseHours: record.responseHours,
    NoticeDays: record.noticeDays,
    NoticeBy: noticeDate(record.endDate, record.noticeDays),
    Renewal: record.renewal,
    GstAmount: formatPaise(gst),
    TotalValue: formatPaise(value + gst),
    CoveredValue: formatPaise(covered),
    Remarks: record.remarks,
    PreviousContractId: record.previousContractId,
    PreviousContractNumber: record.previousContractNumber,
    NextContractId: record.nextContractId,
    NextContractNumber: record.nextContractNumber,
    CreatedByName: record.createdByName,
    Assets: assets.map((asset) => ({
      AssetId: asset.id,
      AssetTag: asset.tag,
      AssetName: asset.name,
      AssetStatus: asset.assetStatus,
      Cost: asset.cost,
    })),
    Visits: visitDates(record.startDate, record.endDate, record.visitsPerYear).map((due) => {
      const job = byDue.get(due);
      return {
        DueDate: due,
        JobOrderId: job?.id ?? null,
        JobNumber: job?.jobNumber ?? null,
        StatusCode: job?.status ?? null,
        CompletedOn: job?.completedOn ?? null,
      };
    }),
  };
}

async function checkAssets(trx: Db, branch: { id: number; code: string }, assetIds: number[]) {
  const assets = await trx
    .selectFrom('assets')
    .select(['id', 'tag', 'branchId', 'assetStatus'])
    .where('id', 'in', assetIds)
    .execute();
  const missing = assetIds.find((id) => !assets.some((asset) => asset.id === id));
  if (missing !== undefined) throw new Refusal(`Asset ${missing} does not exist.`);
  for (const asset of assets) {
    if (asset.branchId !== branch.id)
      throw new Refusal(`Asset ${asset.tag} is not an asset of branch ${branch.code}.`);
    if (asset.assetStatus === 'DISPOSED' || asset.assetStatus === 'CONDEMNED')
      throw new Refusal(`Asset ${asset.tag} is condemned or disposed of: it cannot be covered.`);
  }
}

async function duplicate(
  trx: Db,
  vendorId: number,
  number: string,
  start: string,
  except: number | null,
) {
  let query = trx
    .selectFrom('maintenanceContracts')
    .select('id')
    .where('vendorId', '=', vendorId)
    .where('contractNumber', '=', number)
    .where('startDate', '=', start);
  if (except !== null) query = query.where('id', '<>', except);
  if (await query.executeTakeFirst())
    throw new Refusal(`Contract ${number} of this vendor starting ${start} exists already.`);
}

function terms(body: MaintenanceContractRequest | MaintenanceContractRenewRequest) {
  return {
    contractNumber: body.ContractNumber,
    contractType: body.ContractType,
    startDate: body.StartDate,
    endDate: body.EndDate,
    contractValue: body.ContractValue,
    gstRate: String(body.GstRate),
    paymentSchedule: body.PaymentSchedule,
    visitsPerYear: body.VisitsPerYear,
    responseHours: body.ResponseHours,
    noticeDays: body.NoticeDays,
    renewal: body.Renewal,
    remarks: body.Remarks ?? null,
  };
}

async function writeAssets(trx: Db, contractId: number, assetIds: readonly number[]) {
  await trx.deleteFrom('maintenanceContractAssets').where('contractId', '=', contractId).execute();
  await trx
    .insertInto('maintenanceContractAssets')
    .values([...new Set(assetIds)].map((assetId) => ({ contractId, assetId })))
    .execute();
}

function mayWrite(access: Access) {
  if (!access.can(MODULE, 'create') && !access.can(MODULE, 'edit'))
    throw new Refusal('Your role may not write maintenance contracts.');
}

export async function saveContract(
  db: Db,
  access: Access,
  userId: number,
  body: MaintenanceContractRequest,
): Promise<number> {
  mayWrite(access);
  if (!access.worksIn(body.Branch)) throw new Refusal(NOT_YOUR_BRANCH);
  const assetIds = [...new Set(body.Assets)];
  return db.transaction().execute(async (trx) => {
    const branch = await namedBranch(trx, body.Branch);
    await namedVendor(trx, body.Vendor);
    await checkAssets(trx, branch, assetIds);
    const existing = body.MaintenanceContract ?? null;
    await duplicate(trx, body.Vendor, body.ContractNumber, body.StartDate, existing);
    let id: number;
    if (existing === null) {
      ({ id } = await trx
        .insertInto('maintenanceContracts')
        .values({ branchId: branch.id, vendorId: body.Vendor, createdBy: userId, ...terms(body) })
        .returning('id')
        .executeTakeFirstOrThrow());
    } else {
      const old = await trx
        .selectFrom('maintenanceContracts')
        .select(['id', 'branchId', 'previousContractId'])
        .where('id', '=', existing)
        .forUpdate()
        .executeTakeFirst();
      if (!old || !access.worksIn(old.branchId) || old.branchId !== branch.id)
        throw new Refusal(NOT_FOUND);
      const renewed = await trx
        .selectFrom('maintenanceContracts')
        .select('id')
        .where('previousContractId', '=', existing)
        .executeTakeFirst();
      if (renewed)
        throw new Refusal('A renewed contract cannot be changed: its successor continues it.');
      // A renewal corrected still starts after the contract it renews ends, as renewing it did.
      if (old.previousContractId !== null) {
        const previous = await trx
          .selectFrom('maintenanceContracts')
          .select('endDate')
          .where('id', '=', old.previousContractId)
          .executeTakeFirstOrThrow();
        if (body.StartDate <= previous.endDate)
          throw new Refusal(
            `A renewal starts after the contract it renews ends (${previous.endDate}).`,
          );
      }
      id = existing;
      await trx
        .updateTable('maintenanceContracts')
        .set({ vendorId: body.Vendor, updatedAt: new Date(), ...terms(body) })
        .where('id', '=', id)
        .execute();
    }
    await writeAssets(trx, id, assetIds);
    await writeAudit(trx, {
      entity: MODULE,
      entityId: id,
      action: existing === null ? 'created' : 'updated',
      userId,
      branchId: branch.id,
      details: { number: body.ContractNumber, assets: assetIds.length, end: body.EndDate },
    });
    return id;
  });
}

/** A renewal is a new contract linked to the old one; the old one keeps its dates. */
export async function renewContract(
  db: Db,
  access: Access,
  userId: number,
  body: MaintenanceContractRenewRequest,
): Promise<number> {
  mayWrite(access);
  const assetIds = [...new Set(body.Assets)];
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('maintenanceContracts as c')
      .innerJoin('branches as b', 'b.id', 'c.branchId')
      .select(['c.id', 'c.branchId', 'b.code', 'c.vendorId', 'c.contractNumber', 'c.endDate'])
      .where('c.id', '=', body.MaintenanceContract)
      .forUpdate()
      .executeTakeFirst();
    if (!old || !access.worksIn(old.branchId)) throw new Refusal(NOT_FOUND);
    const next = await trx
      .selectFrom('maintenanceContracts')
      .select('contractNumber')
      .where('previousContractId', '=', old.id)
      .executeTakeFirst();
    if (next)
      throw new Refusal(
        `Contract ${old.contractNumber} is renewed already by ${next.contractNumber}.`,
      );
    if (body.StartDate <= old.endDate)
      throw new Refusal(`A renewal starts after the contract it renews ends (${old.endDate}).`);
    await checkAssets(trx, { id: old.branchId, code: old.code }, assetIds);
    await duplicate(trx, old.vendorId, body.ContractNumber, body.StartDate, null);
    const { id } = await trx
      .insertInto('maintenanceContracts')
      .values({
        branchId: old.branchId,
        vendorId: old.vendorId,
        previousContractId: old.id,
        createdBy: userId,
        ...terms(body),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAssets(trx, id, assetIds);
    await writeAudit(trx, {
      entity: MODULE,
      entityId: id,
      action: 'renewed',
      userId,
      branchId: old.branchId,
      details: { from: old.contractNumber, number: body.ContractNumber, end: body.EndDate },
    });
    return id;
  });
}
