import { addDays as addDaysToDate, indianDate } from '@branch-assets/domain';
import { sql } from 'kysely';
import {
  recordScan,
  resolveDifference,
  signOffAudit,
  startAudit,
  submitAudit,
} from '../../asset-audits/steps.ts';
import type { DemoOrganisation } from './organisation.ts';
import type { DemoPeople } from './people.ts';
import { DAY_MS, istMoment, required, type Trx } from './shared.ts';
import { demoSteps, within } from './steps.ts';

/*
 * Physical audits in the demo (docs/workflows.md, "Physical audit"), run by the product's own
 * steps as the demo's users, in the three smallest rooms of Chennai Anna Nagar: one signed off a week ago
 * (every asset found but one, which the manager had investigated), one submitted two days ago with
 * a wrong-location find, a missing asset and an unknown tag waiting for `manager` to resolve, and
 * one being counted now (about half scanned). Kept small: the demo seed runs for many suites.
 */

const BRANCH = 'CHN-ANN';

/** A scan id the demo can give again and again (a valid version-4 UUID). */
const scanId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export async function seedAudits(
  trx: Trx,
  parts: { organisation: DemoOrganisation; people: DemoPeople },
  today: Date,
): Promise<{ audits: number; auditEntries: number; assetEvents: number }> {
  const db = within(trx);
  const run = demoSteps(trx, parts.people, today);
  const branch = parts.organisation.branchId(BRANCH);
  const manager = run.userNamed('manager');
  const branchManager = run.userNamed(`vignesh.${BRANCH.toLowerCase()}`);
  const momentOf = (daysAgo: number, hour: number) =>
    istMoment(indianDate(new Date(today.getTime() - daysAgo * DAY_MS)), hour, 15);
  // The branch's smallest rooms (a few assets each), so that the demo stays small.
  const { rows: rooms } = await sql<{ id: number; count: number }>`
    select l.id, count(a.id)::int as count from asset_locations l
    join assets a on a.location_id = l.id and a.active
      and a.asset_status not in ('IN_TRANSIT', 'CONDEMNED', 'DISPOSED')
    where l.branch_id = ${branch} and l.active
    group by l.id
    having count(a.id) >= 3
    order by count(a.id), l.id limit 4`.execute(trx);
  if (rooms.length < 4) throw new Error('demo audits: too few rooms in Anna Nagar');
  const [signedRoom, submittedRoom, countingRoom, elsewhere] = rooms.map((room) => room.id) as [
    number,
    number,
    number,
    number,
  ];
  const dueDate = indianDate(new Date());
  let scans = 0;
  const scan = async (
    userId: number,
    audit: number,
    what: { asset?: number; code?: string },
    location: number,
  ) => {
    scans += 1;
    await recordScan(db, await run.accessOf(userId), userId, {
      UserInterface: 1,
      AssetAudit: audit,
      ScanId: scanId(scans),
      Asset: what.asset,
      Code: what.code,
      Location: location,
      Condition: 'GOOD',
    });
  };
  const assetsIn = async (room: number) =>
    (
      await trx
        .selectFrom('assetAuditItems as i')
        .innerJoin('assets as a', 'a.id', 'i.assetId')
        .select(['i.id as itemId', 'a.id', 'a.tag'])
        .where('i.expectedLocationId', '=', room)
        .where('i.outcome', '=', 'PENDING')
        .orderBy('a.tag')
        .execute()
    ).map((row) => ({ ...row, id: required(row.id ?? undefined, 'asset') }));
  /** Moves an audit's own moments (its steps' log and events are moved by stamp). */
  const placeAt = async (
    audit: number,
    moments: { started: Date; submitted?: Date; signed?: Date; due: string },
  ) => {
    await trx
      .updateTable('assetAudits')
      .set({
        startedAt: moments.started,
        dueDate: moments.due,
        ...(moments.submitted ? { submittedAt: moments.submitted } : {}),
        ...(moments.signed ? { signedOffAt: moments.signed } : {}),
      })
      .where('id', '=', audit)
      .execute();
    await trx
      .updateTable('assetAuditItems')
      .set({ scannedAt: moments.started })
      .where('auditId', '=', audit)
      .where('scannedAt', 'is not', null)
      .execute();
    await trx
      .updateTable('assetAuditScans')
      .set({ scannedAt: moments.started, receivedAt: moments.started })
      .where('auditId', '=', audit)
      .execute();
  };
  const started = async (room: number, by: number, auditors: number[], at: Date) =>
    run.stamp(at, async () =>
      startAudit(db, await run.accessOf(by), by, {
        UserInterface: 1,
        Branch: branch,
        Location: room,
        DueDate: dueDate,
        Auditors: auditors,
      }),
    );

  // Signed off a week ago: all found but one, investigated and later found in the store.
  const first = await started(signedRoom, branchManager, [manager], momentOf(8, 10));
  const firstAssets = await assetsIn(signedRoom);
  await run.stamp(momentOf(8, 11), async () => {
    for (const asset of firstAssets.slice(1))
      await scan(manager, first, { asset: asset.id }, signedRoom);
    await submitAudit(db, await run.accessOf(manager), manager, {
      UserInterface: 1,
      AssetAudit: first,
    });
  });
  const missing = required(
    await trx
      .selectFrom('assetAuditItems')
      .select('id')
      .where('auditId', '=', first)
      .where('outcome', '=', 'MISSING')
      .executeTakeFirst(),
    'missing item',
  );
  await run.stamp(momentOf(7, 15), async () => {
    const access = await run.accessOf(branchManager);
    await resolveDifference(db, access, branchManager, {
      UserInterface: 1,
      AssetAudit: first,
      Item: missing.id,
      Resolution: 'INVESTIGATE',
      Note: 'Sent for calibration on the audit day; back in the room since.',
    });
    await signOffAudit(db, access, branchManager, {
      UserInterface: 1,
      AssetAudit: first,
      Remarks: 'Counted with the ward in charge.',
    });
  });
  await placeAt(first, {
    started: momentOf(8, 10),
    submitted: momentOf(8, 11),
    signed: momentOf(7, 15),
    due: addDaysToDate(indianDate(momentOf(8, 10)), 2),
  });
  // The sign-off's own day and moment, as the demo places it.
  await trx
    .updateTable('assets')
    .set({ lastAuditedOn: indianDate(momentOf(7, 15)), updatedAt: momentOf(7, 15) })
    .where('lastAuditedOn', 'is not', null)
    .where('branchId', '=', branch)
    .execute();

  // Submitted two days ago: one asset found in another room, one missing, an old label unknown.
  const second = await started(submittedRoom, branchManager, [branchManager], momentOf(3, 10));
  const secondAssets = await assetsIn(submittedRoom);
  await run.stamp(momentOf(2, 12), async () => {
    const [moved, ...rest] = secondAssets;
    if (moved) await scan(branchManager, second, { asset: moved.id }, elsewhere);
    for (const asset of rest.slice(1))
      await scan(branchManager, second, { code: asset.tag }, submittedRoom);
    await scan(branchManager, second, { code: 'SHC-OLD-0231' }, submittedRoom);
    await submitAudit(db, await run.accessOf(branchManager), branchManager, {
      UserInterface: 1,
      AssetAudit: second,
    });
  });
  await placeAt(second, {
    started: momentOf(3, 10),
    submitted: momentOf(2, 12),
    due: addDaysToDate(indianDate(today), 5),
  });

  // Being counted now: about half scanned so far.
  const third = await started(countingRoom, manager, [manager, branchManager], momentOf(1, 10));
  const thirdAssets = await assetsIn(countingRoom);
  await run.stamp(momentOf(1, 11), async () => {
    for (const asset of thirdAssets.slice(0, Math.ceil(thirdAssets.length / 2)))
      await scan(manager, third, { asset: asset.id }, countingRoom);
  });
  await placeAt(third, { started: momentOf(1, 10), due: addDaysToDate(indianDate(today), 10) });

  return { audits: 3, ...run.counts };
}
