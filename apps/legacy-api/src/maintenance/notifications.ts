import {
  addDays,
  contractAlert,
  daysBetween,
  indianDate,
  SCHEDULED_PENDING,
  warrantyAlert,
} from '@branch-assets/domain';
import type { Notification } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import type { Access } from '../access/access.ts';
import { uncoveredCondition } from '../assets/attention.ts';
import type { Db } from '../db/database.ts';
import { mayDo } from '../transfers/list.ts';

/*
 * The notification centre (docs/workflows.md). Alerts are not stored: they are computed from the
 * records each time, by the date arithmetic in packages/domain, over the user's branches and the
 * modules they may list, so an alert can never be missed by a job that did not run nor outlive
 * its fact. What is stored is which alert keys the user has read; a key names one fact at one
 * threshold ("contract 12 ends in 30 days"), so the 7-day alert of the same contract is new again.
 * An ended contract or warranty is announced for 30 days after its end, then it is history.
 */

const ENDED_SHOWN_DAYS = 30;
/** Per kind, so that one kind with thousands of facts does not hide the others. */
const PER_KIND = 50;

type Draft = Omit<Notification, 'Read'>;

const DAYS_OF_ALERT = { ENDS_IN_7: 7, ENDS_IN_30: 30, ENDS_IN_60: 60, ENDS_IN_90: 90 } as const;

async function contractAlerts(db: Db, branches: number[], today: string): Promise<Draft[]> {
  const rows = await db
    .selectFrom('maintenanceContracts as c')
    .innerJoin('vendors as v', 'v.id', 'c.vendorId')
    .innerJoin('branches as b', 'b.id', 'c.branchId')
    .select(['c.id', 'c.contractNumber', 'c.endDate', 'v.name as vendorName', 'b.code'])
    .where('c.branchId', 'in', branches)
    .where('c.endDate', '>=', addDays(today, -ENDED_SHOWN_DAYS))
    .where('c.endDate', '<=', addDays(today, 90))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('maintenanceContracts as n')
            .select('n.id')
            .whereRef('n.previousContractId', '=', 'c.id'),
        ),
      ),
    )
    .orderBy('c.endDate')
    .limit(PER_KIND)
    .execute();
  return rows.flatMap((row): Draft[] => {
    const alert = contractAlert(row.endDate, today);
    if (alert === null) return [];
    const days = daysBetween(today, row.endDate);
    const ended = alert === 'ENDED';
    return [
      {
        Key: `contract:${row.id}:${alert}`,
        Kind: ended ? 'CONTRACT_ENDED' : 'CONTRACT_ENDING',
        Text: ended
          ? `Contract ${row.contractNumber} (${row.vendorName}) ended on ${row.endDate}.`
          : `Contract ${row.contractNumber} (${row.vendorName}) ends in ${days} days, on ${row.endDate}.`,
        Values: { number: row.contractNumber, vendor: row.vendorName, date: row.endDate, days },
        Link: `/amc/view?id=${row.id}`,
        BranchCode: row.code,
        Since: ended ? addDays(row.endDate, 1) : addDays(row.endDate, -DAYS_OF_ALERT[alert]),
        Urgent: ended || alert === 'ENDS_IN_7',
      },
    ];
  });
}

async function warrantyAlerts(db: Db, branches: number[], today: string): Promise<Draft[]> {
  const rows = await db
    .selectFrom('assets as a')
    .innerJoin('branches as b', 'b.id', 'a.branchId')
    .select(['a.id', 'a.tag', 'a.name', 'a.warrantyEnd', 'b.code'])
    .where('a.branchId', 'in', branches)
    .where('a.assetStatus', 'not in', ['CONDEMNED', 'DISPOSED'])
    .where('a.warrantyEnd', '>=', addDays(today, -ENDED_SHOWN_DAYS))
    .where('a.warrantyEnd', '<=', addDays(today, 90))
    .orderBy('a.warrantyEnd')
    .orderBy('a.id')
    .limit(PER_KIND)
    .execute();
  return rows.flatMap((row): Draft[] => {
    const alert = warrantyAlert(row.warrantyEnd, today);
    if (alert === null || row.warrantyEnd === null) return [];
    const ended = alert === 'ENDED';
    const days = daysBetween(today, row.warrantyEnd);
    return [
      {
        Key: `warranty:${row.id}:${alert}`,
        Kind: ended ? 'WARRANTY_ENDED' : 'WARRANTY_ENDING',
        Text: ended
          ? `The warranty of ${row.tag} ${row.name} ended on ${row.warrantyEnd}.`
          : `The warranty of ${row.tag} ${row.name} ends in ${days} days, on ${row.warrantyEnd}.`,
        Values: { tag: row.tag, name: row.name, date: row.warrantyEnd, days },
        Link: `/asset/view?id=${row.id}`,
        BranchCode: row.code,
        Since: ended
          ? addDays(row.warrantyEnd, 1)
          : addDays(row.warrantyEnd, alert === 'ENDS_IN_30' ? -30 : -90),
        Urgent: ended,
      },
    ];
  });
}

async function noCoverAlerts(db: Db, branches: number[], today: string): Promise<Draft[]> {
  const rows = await db
    .selectFrom('assets as a')
    .innerJoin('branches as b', 'b.id', 'a.branchId')
    .select(['b.id', 'b.code', sql<number>`count(*)::int`.as('count')])
    .where('a.branchId', 'in', branches)
    .where(uncoveredCondition(today))
    .groupBy(['b.id', 'b.code'])
    .orderBy('b.code')
    .execute();
  return rows.map((row) => ({
    Key: `no-cover:${row.id}:${row.count}`,
    Kind: 'NO_COVER',
    Text: `${row.count} assets in use at ${row.code} have no warranty or maintenance contract.`,
    Values: { count: row.count, branch: row.code },
    Link: `/reports/amc-report?branch=${row.id}`,
    BranchCode: row.code,
    Since: today,
    Urgent: false,
  }));
}

async function preventiveAlerts(db: Db, branches: number[], today: string): Promise<Draft[]> {
  const rows = await db
    .selectFrom('jobOrders as j')
    .innerJoin('branches as b', 'b.id', 'j.branchId')
    .select(['j.id', 'j.jobNumber', 'j.dueDate', 'j.jobType', 'b.code'])
    .where('j.branchId', 'in', branches)
    .where('j.dueDate', 'is not', null)
    .where('j.dueDate', '<=', addDays(today, 7))
    .where('j.status', 'in', SCHEDULED_PENDING)
    .orderBy('j.dueDate')
    .limit(PER_KIND)
    .execute();
  return rows.flatMap((row): Draft[] => {
    if (row.dueDate === null) return [];
    const overdue = row.dueDate < today;
    return [
      {
        Key: `preventive:${row.id}:${overdue ? 'OVERDUE' : 'DUE'}`,
        Kind: overdue ? 'PREVENTIVE_OVERDUE' : 'PREVENTIVE_DUE',
        Text: overdue
          ? `Preventive job ${row.jobNumber} was due on ${row.dueDate}.`
          : `Preventive job ${row.jobNumber} is due on ${row.dueDate}.`,
        Values: { number: row.jobNumber, date: row.dueDate },
        Link: `/job-order/view?id=${row.id}`,
        BranchCode: row.code,
        Since: overdue ? addDays(row.dueDate, 1) : addDays(row.dueDate, -7),
        Urgent: overdue,
      },
    ];
  });
}

async function transferAlerts(
  db: Db,
  access: Access,
  userId: number,
  branches: number[],
): Promise<Draft[]> {
  const rows = await db
    .selectFrom('assetTransfers as t')
    .innerJoin('branches as fb', 'fb.id', 't.fromBranchId')
    .innerJoin('branches as tb', 'tb.id', 't.toBranchId')
    .select([
      't.id',
      't.transferNumber',
      't.status',
      't.fromBranchId',
      't.toBranchId',
      't.requestedBy',
      't.requestedAt',
      'fb.code as fromCode',
      'tb.code as toCode',
    ])
    .where((eb) =>
      eb.or([eb('t.fromBranchId', 'in', branches), eb('t.toBranchId', 'in', branches)]),
    )
    .where('t.status', 'in', ['REQUESTED', 'APPROVED', 'IN_TRANSIT', 'RECEIVED_SHORT'])
    .orderBy('t.requestedAt')
    .limit(PER_KIND)
    .execute();
  return rows.flatMap((row): Draft[] => {
    const may = mayDo(access, userId, row);
    const action = may.decide
      ? 'approve'
      : may.dispatch
        ? 'dispatch'
        : may.receive
          ? 'receive'
          : null;
    if (action === null) return [];
    return [
      {
        Key: `transfer:${row.id}:${row.status}`,
        Kind: 'TRANSFER_WAITING',
        Text: `Transfer ${row.transferNumber} (${row.fromCode} → ${row.toCode}) waits for you to ${action} it.`,
        Values: { number: row.transferNumber, from: row.fromCode, to: row.toCode, action },
        Link: `/asset-transfer/view?id=${row.id}`,
        BranchCode: action === 'receive' ? row.toCode : row.fromCode,
        Since: indianDate(row.requestedAt),
        Urgent: false,
      },
    ];
  });
}

async function accessoryAlerts(db: Db, branches: number[], today: string): Promise<Draft[]> {
  const rows = await db
    .selectFrom('accessoryStock as s')
    .innerJoin('accessories as x', 'x.id', 's.accessoryId')
    .innerJoin('accessoryTypes as t', 't.id', 'x.accessoryTypeId')
    .innerJoin('branches as b', 'b.id', 's.branchId')
    .leftJoin('accessoryMinimums as m', (join) =>
      join.onRef('m.accessoryId', '=', 's.accessoryId').onRef('m.branchId', '=', 's.branchId'),
    )
    .select([
      'x.id',
      'x.name',
      'x.unit',
      's.onHand',
      'b.id as branchId',
      'b.code',
      sql<number>`coalesce(m.minimum, t.minimum_stock)`.as('minimum'),
    ])
    .where('s.branchId', 'in', branches)
    .where('x.active', '=', true)
    .where(sql<boolean>`s.on_hand < coalesce(m.minimum, t.minimum_stock)`)
    .orderBy('s.onHand')
    .orderBy('x.name')
    .limit(PER_KIND)
    .execute();
  return rows.map((row) => ({
    Key: `accessory-low:${row.id}:${row.branchId}:${row.onHand}`,
    Kind: 'ACCESSORY_LOW',
    Text: `${row.name}: ${row.onHand} ${row.unit} left at ${row.code}, below the minimum of ${row.minimum}.`,
    Values: {
      name: row.name,
      onHand: row.onHand,
      unit: row.unit,
      branch: row.code,
      minimum: row.minimum,
    },
    Link: `/accessories/view?id=${row.id}`,
    BranchCode: row.code,
    Since: today,
    Urgent: row.onHand === 0,
  }));
}

/** The user's alerts, most urgent first, each with whether they have read it. */
export async function notificationsOf(
  db: Db,
  access: Access,
  userId: number,
  today = indianDate(new Date()),
): Promise<Notification[]> {
  const branches = [...access.branchIds];
  if (branches.length === 0) return [];
  const lists = await Promise.all([
    access.can('amc', 'list') ? contractAlerts(db, branches, today) : [],
    access.can('asset', 'list') ? warrantyAlerts(db, branches, today) : [],
    access.can('asset', 'list') ? noCoverAlerts(db, branches, today) : [],
    access.can('job_order', 'list') ? preventiveAlerts(db, branches, today) : [],
    access.can('asset_transfer', 'list') ? transferAlerts(db, access, userId, branches) : [],
    access.can('accessories', 'list') ? accessoryAlerts(db, branches, today) : [],
  ]);
  const drafts = lists.flat();
  const keys = drafts.map((draft) => draft.Key);
  const read =
    keys.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .selectFrom('notificationReads')
              .select('key')
              .where('userId', '=', userId)
              .where('key', 'in', keys)
              .execute()
          ).map((row) => row.key),
        );
  return drafts
    .map((draft) => ({ ...draft, Read: read.has(draft.Key) }))
    .sort(
      (a, b) =>
        Number(a.Read) - Number(b.Read) ||
        Number(b.Urgent) - Number(a.Urgent) ||
        b.Since.localeCompare(a.Since) ||
        a.Key.localeCompare(b.Key),
    );
}

export async function markRead(db: Db, userId: number, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto('notificationReads')
    .values([...new Set(keys)].map((key) => ({ userId, key })))
    .onConflict((conflict) => conflict.columns(['userId', 'key']).doNothing())
    .execute();
}
