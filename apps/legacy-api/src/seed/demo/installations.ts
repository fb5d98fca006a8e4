import { indianDate } from '@branch-assets/domain';
import {
  AssetInstallationSaveRequest,
  INSTALLATION_CHECKS,
  type InstallationCheck,
  legacyCalls,
} from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import { condemnAsset, disposeAsset } from '../../assets/disposal.ts';
import { saveInstallation } from '../../installations/save.ts';
import { signOffInstallation } from '../../installations/sign-off.ts';
import { STAFF_BY_BRANCH } from '../demo-data.ts';
import type { DemoOrganisation } from './organisation.ts';
import type { DemoPeople } from './people.ts';
import { DAY_MS, istMoment, required, type Trx } from './shared.ts';
import { demoSteps, within } from './steps.ts';

/*
 * Installations, condemnation and disposal in the demo (docs/workflows.md), written as procurement
 * is (seed/demo/procurement.ts): by the product's own functions — saveInstallation,
 * signOffInstallation, condemnAsset, disposeAsset — as the demo's users, inside the demo's one
 * transaction, each step then moved to the moment the demo places it at (`stamp`).
 *
 * Of the assets procurement's goods receive notes put in stock: in Chennai Anna Nagar the
 * laboratory's delivery installed by the vendor's engineer and signed off (its warranty from the
 * installation), the wards' air conditioners sent back, and an ECG machine waiting for sign-off —
 * recorded by the branch manager, so that the demo's manager finds it to sign off; in Coimbatore
 * the beds, installed by the branch's biomedical engineer and signed off. The other units stay in
 * stock for the branches (and the browser tests) to install. And two old assets: one condemned by
 * the committee (head office records it), waiting to be disposed of, and one condemned and sold
 * to a scrap dealer by the branch.
 */

/** When a step happens, from the goods receive note's moment: days after it, at a time in India. */
interface After {
  days: number;
  at: [number, number];
}

interface InstallationPlan {
  /** The branch's first goods receive note of a type: all its assets in stock are installed. */
  branch: string;
  type: string;
  /** Only so many of the note's units of the type (the first by tag). */
  units?: number;
  location: string;
  installer: { engineer: string } | { staff: string };
  checks: {
    PhysicalConditionOk: boolean;
    PowerEarthingOk: boolean;
    AccessoriesPresent: boolean;
    DemoGiven: boolean;
    StaffTrained: boolean;
    ManualHandedOver: boolean;
  };
  warrantyFromInstallation: boolean;
  remarks: string;
  /** A demo username, or a branch manager's login (`vignesh.chn-ann`). */
  recordedBy: string;
  installed: After;
  recorded: After;
  decision?: { by: string; sendBack?: boolean; remarks?: string } & After;
}

/** An installation's checklist with every check done, as assetInstallationSave takes it. */
export const ALL_CHECKED = Object.fromEntries(
  INSTALLATION_CHECKS.map((check) => [check, true]),
) as Record<InstallationCheck, true>;

const after = (days: number, hour: number, minute: number): After => ({
  days,
  at: [hour, minute],
});

/** The branch manager's login of a branch (seed/demo/people.ts). */
const managerLogin = (code: string) =>
  `${required(STAFF_BY_BRANCH[code], code)[0].split(' ')[0]?.toLowerCase()}.${code.toLowerCase()}`;

const INSTALLATIONS: readonly InstallationPlan[] = [
  {
    branch: 'CHN-ANN',
    type: 'Biochemistry Analyser',
    location: 'Laboratory',
    installer: { engineer: 'Suresh Babu K' },
    checks: ALL_CHECKED,
    warrantyFromInstallation: true,
    remarks:
      'Analyser installed on the new bench with its water purifier, the two centrifuges levelled beside it. Calibrated and run with the vendor’s control sera, results within range. Operator training given to the morning-shift technicians.',
    recordedBy: 'manager',
    installed: after(2, 11, 15),
    recorded: after(2, 16, 40),
    decision: {
      by: managerLogin('CHN-ANN'),
      remarks: 'Quality-control run checked with the laboratory in-charge.',
      ...after(3, 10, 20),
    },
  },
  {
    branch: 'CHN-ANN',
    type: 'Split Air Conditioner',
    location: 'Wards',
    installer: { engineer: 'Karthikeyan M' },
    checks: { ...ALL_CHECKED, PowerEarthingOk: false, StaffTrained: false },
    warrantyFromInstallation: true,
    remarks:
      'Four indoor units mounted in the general ward, outdoor units on the terrace. Gas pressure and cooling checked; stabilisers to follow.',
    recordedBy: 'manager',
    installed: after(3, 15, 30),
    recorded: after(3, 17, 45),
    decision: {
      by: managerLogin('CHN-ANN'),
      sendBack: true,
      remarks:
        'Earthing not tested and no stabilisers fitted. Get the electrician’s earthing report and fit the stabilisers, then record it again.',
      ...after(4, 11, 10),
    },
  },
  {
    branch: 'CHN-ANN',
    type: 'ECG Machine',
    units: 1,
    location: 'Emergency',
    installer: { engineer: 'Anand Kumar R' },
    checks: { ...ALL_CHECKED, ManualHandedOver: false },
    warrantyFromInstallation: true,
    remarks:
      'Installed in the emergency with a trial 12-lead recording; printout clear. Paper rolls from the store. The user manual follows by courier; the second machine goes to the wards.',
    // By the branch manager: the demo's manager (another user) finds it to sign off.
    recordedBy: managerLogin('CHN-ANN'),
    installed: after(0, 17, 40),
    recorded: after(0, 18, 5),
  },
  {
    branch: 'CBE-RSP',
    type: 'Hospital Bed',
    location: 'Wards',
    installer: { staff: 'Nithya Balasubramanian' },
    checks: ALL_CHECKED,
    warrantyFromInstallation: false,
    remarks:
      'Three beds assembled in the general ward (beds 7 to 9) with mattresses and IV poles; castor brakes, side rails and backrest gears checked. Nursing staff shown the controls.',
    recordedBy: 'kavitha',
    installed: after(1, 10, 30),
    recorded: after(1, 12, 15),
    decision: { by: managerLogin('CBE-RSP'), ...after(2, 9, 50) },
  },
];

/** What the condemnation committee found, and the branch's disposal when there was one. */
interface DisposalPlan {
  /** Which asset: the oldest of the status (in the branch when it has one), last changed before. */
  status: 'OUT_OF_ORDER' | 'IN_USE';
  branch: string;
  type?: string;
  /** Days before today the committee met. */
  condemned: { age: number; at: [number, number] };
  reason: string;
  committeeRemarks: string;
  disposal?: {
    by: string;
    age: number;
    at: [number, number];
    body: { Method: 'SOLD' | 'SCRAPPED'; Amount?: string; Buyer?: string; Remarks: string };
  };
}

const DISPOSALS: readonly DisposalPlan[] = [
  {
    status: 'OUT_OF_ORDER',
    branch: 'CHN-ANN',
    condemned: { age: 6, at: [15, 30] },
    reason: 'Beyond economical repair, and past its useful life.',
    committeeRemarks:
      'Inspected by the condemnation committee (biomedical engineer, accounts, branch manager): the repair estimate is more than half the cost of a new unit and spares are no longer stocked. Condemned; to be disposed of through an authorised recycler.',
  },
  {
    status: 'IN_USE',
    branch: 'CHN-ANN',
    type: 'Hospital Bed',
    condemned: { age: 24, at: [16, 10] },
    reason: 'Frame corroded and backrest gear broken; unsafe for patients.',
    committeeRemarks:
      'Inspected by the condemnation committee (biomedical engineer, accounts, branch manager): frame rusted through at the joints, backrest gear and two castors broken. Not worth repairing; to be sold as scrap metal.',
    disposal: {
      by: 'manager',
      age: 9,
      at: [12, 30],
      body: {
        Method: 'SOLD',
        Amount: '2400.00',
        Buyer: 'Sri Venkateswara Scrap Traders, Ambattur',
        Remarks:
          'Mattress and side rails removed first; collected by the buyer from the service entrance. Receipt no. 1187.',
      },
    },
  },
];

export interface DemoWorkflowCounts {
  installations: number;
  condemned: number;
  disposed: number;
  auditEntries: number;
  assetEvents: number;
}

export async function seedInstallations(
  trx: Trx,
  parts: { organisation: DemoOrganisation; people: DemoPeople },
  today: Date,
): Promise<DemoWorkflowCounts> {
  const { branchId } = parts.organisation;
  const db = within(trx);
  const todayIso = indianDate(today);
  const counts: DemoWorkflowCounts = {
    installations: 0,
    condemned: 0,
    disposed: 0,
    auditEntries: 0,
    assetEvents: 0,
  };
  const run = demoSteps(trx, parts.people, today);
  const { userNamed, accessOf } = run;
  /** Runs one step (demoSteps' stamp), then moves what `moved` names to its moment too. */
  async function stamp<T>(
    moment: Date,
    work: () => Promise<T>,
    moved: (to: Date, result: T) => Promise<unknown>,
  ): Promise<T> {
    const result = await run.stamp(moment, work);
    await moved(moment, result);
    return result;
  }
  const touched = (ids: readonly number[], to: Date) =>
    trx
      .updateTable('assets')
      .set({ updatedAt: to })
      .where('id', 'in', [...ids])
      .execute();

  const steps: { moment: Date; run: () => Promise<void> }[] = [];

  // Installations, from the goods receive notes of each branch.
  const notes = await trx
    .selectFrom('goodsReceiptNotes as n')
    .innerJoin('goodsReceiptLines as gl', 'gl.noteId', 'n.id')
    .innerJoin('assets as a', 'a.goodsReceiptLineId', 'gl.id')
    .innerJoin('assetTypes as t', 't.id', 'a.assetTypeId')
    .innerJoin('purchaseOrders as po', 'po.id', 'n.purchaseOrderId')
    .select([
      'n.id',
      // Where the unit went: a line may deliver to another branch than the note's.
      'a.branchId',
      'n.createdAt',
      'po.vendorId',
      't.name as type',
      'a.id as assetId',
    ])
    .where('n.status', '=', 'RECEIVED')
    .where('a.assetStatus', '=', 'IN_STOCK')
    .orderBy('a.tag')
    .execute();
  for (const plan of INSTALLATIONS) {
    const first = required(
      notes.find((row) => row.branchId === branchId(plan.branch) && row.type === plan.type),
      `${plan.type} received in ${plan.branch}`,
    );
    // The note's assets in stock: of the type only, and so many, when the plan says.
    const own = notes.filter((row) => row.id === first.id && row.branchId === first.branchId);
    const assets = (
      plan.units === undefined
        ? own
        : own.filter((row) => row.type === plan.type).slice(0, plan.units)
    ).map((row) => row.assetId);
    const received = indianDate(first.createdAt);
    const momentAfter = ({ days, at }: After) => {
      const day = new Date(Date.parse(received) + days * DAY_MS).toISOString().slice(0, 10);
      const moment = istMoment(day, ...at);
      if (moment.getTime() <= first.createdAt.getTime())
        throw new Error(`demo installations: a step before its note (${moment.toISOString()})`);
      return moment;
    };
    const location = await trx
      .selectFrom('assetLocations')
      .select('id')
      .where('branchId', '=', branchId(plan.branch))
      .where('name', '=', plan.location)
      .executeTakeFirstOrThrow();
    const staff =
      'staff' in plan.installer
        ? (
            await trx
              .selectFrom('staff')
              .select('id')
              .where('branchId', '=', branchId(plan.branch))
              .where('name', '=', plan.installer.staff)
              .executeTakeFirstOrThrow()
          ).id
        : null;
    const installed = momentAfter(plan.installed);
    const recordedAt = momentAfter(plan.recorded);
    const recorder = userNamed(plan.recordedBy);
    const body = AssetInstallationSaveRequest.parse({
      Branch: branchId(plan.branch),
      GoodsReceiptNote: first.id,
      Assets: assets,
      InstalledAt: installed.toISOString(),
      Location: location.id,
      ...('engineer' in plan.installer
        ? { InstallerKind: 'VENDOR', Vendor: first.vendorId, EngineerName: plan.installer.engineer }
        : { InstallerKind: 'STAFF', InstalledBy: staff }),
      ...plan.checks,
      WarrantyFromInstallation: plan.warrantyFromInstallation,
      Remarks: plan.remarks,
    });
    let installationId = 0;
    steps.push({
      moment: recordedAt,
      run: async () => {
        installationId = await stamp(
          recordedAt,
          async () => saveInstallation(db, await accessOf(recorder), recorder, body),
          // The moment it was recorded is the table's own (never updated by the product).
          (to, id) =>
            sql`update asset_installations set recorded_at = ${to.toISOString()}::timestamptz
              where id = ${id}`.execute(trx),
        );
        counts.installations += 1;
      },
    });
    const { decision } = plan;
    if (!decision) continue;
    const decidedAt = momentAfter(decision);
    const decider = userNamed(decision.by);
    steps.push({
      moment: decidedAt,
      run: async () => {
        await stamp(
          decidedAt,
          async () =>
            signOffInstallation(db, await accessOf(decider), decider, {
              AssetInstallation: installationId,
              Decision: decision.sendBack ? 'SEND_BACK' : 'SIGN_OFF',
              ...(decision.remarks ? { Remarks: decision.remarks } : {}),
            }),
          async (to) => {
            await trx
              .updateTable('assetInstallations')
              .set({ decidedAt: to })
              .where('id', '=', installationId)
              .execute();
            if (!decision.sendBack) await touched(assets, to);
          },
        );
      },
    });
  }

  // Condemnations and a disposal, of old assets.
  const admin = parts.people.userId('admin');
  const chosen = new Set<number>();
  const momentBefore = (age: number, at: [number, number]) =>
    istMoment(new Date(Date.parse(todayIso) - age * DAY_MS).toISOString().slice(0, 10), ...at);
  // Old: bought more than five years ago.
  const oldBefore = `${Number(todayIso.slice(0, 4)) - 5}${todayIso.slice(4)}`;
  for (const plan of DISPOSALS) {
    const condemnedAt = momentBefore(plan.condemned.age, plan.condemned.at);
    // The oldest asset of the status, its last change days before the committee met, in the
    // plan's branch when there is one there.
    const asset = await trx
      .selectFrom('assets as a')
      .innerJoin('branches as b', 'b.id', 'a.branchId')
      .innerJoin('assetTypes as t', 't.id', 'a.assetTypeId')
      .select(['a.id', 'a.branchId', 'a.condition'])
      .where('a.assetStatus', '=', plan.status)
      .where('a.goodsReceiptLineId', 'is', null)
      .where('a.purchaseDate', '<', oldBefore)
      .$if(plan.type !== undefined, (query) => query.where('t.name', '=', plan.type ?? ''))
      .$if(chosen.size > 0, (query) => query.where('a.id', 'not in', [...chosen]))
      .where(
        sql<boolean>`(select max(e.at) from asset_events e where e.asset_id = a.id) < ${new Date(condemnedAt.getTime() - 3 * DAY_MS).toISOString()}::timestamptz`,
      )
      .orderBy(sql`b.code = ${plan.branch}`, 'desc')
      .orderBy('a.purchaseDate')
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    chosen.add(asset.id);
    const condemnBody = legacyCalls.assetCondemn.request.parse({
      Asset: asset.id,
      CondemnedOn: indianDate(condemnedAt),
      Reason: plan.reason,
      Condition: 'POOR',
      CommitteeRemarks: plan.committeeRemarks,
    });
    steps.push({
      moment: condemnedAt,
      run: async () => {
        await stamp(
          condemnedAt,
          async () => condemnAsset(db, await accessOf(admin), admin, condemnBody),
          async (to) => {
            await sql`update asset_disposals set condemned_at = ${to.toISOString()}::timestamptz
              where asset_id = ${asset.id}`.execute(trx);
            await touched([asset.id], to);
          },
        );
        counts.condemned += 1;
      },
    });
    const { disposal } = plan;
    if (!disposal) continue;
    const disposedAt = momentBefore(disposal.age, disposal.at);
    const disposer = userNamed(disposal.by);
    const disposeBody = legacyCalls.assetDispose.request.parse({
      Asset: asset.id,
      DisposedOn: indianDate(disposedAt),
      ...disposal.body,
    });
    steps.push({
      moment: disposedAt,
      run: async () => {
        await stamp(
          disposedAt,
          async () => disposeAsset(db, await accessOf(disposer), disposer, disposeBody),
          async (to) => {
            await trx
              .updateTable('assetDisposals')
              .set({ disposedAt: to })
              .where('assetId', '=', asset.id)
              .execute();
            await touched([asset.id], to);
          },
        );
        counts.disposed += 1;
      },
    });
  }

  // In the order they happened: installations are numbered so.
  steps.sort((a, b) => a.moment.getTime() - b.moment.getTime());
  for (const step of steps) await step.run();
  return { ...counts, ...run.counts };
}
