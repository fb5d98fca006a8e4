import { indianDate } from '@branch-assets/domain';
import { sql } from 'kysely';
import {
  cancelTransfer,
  decideTransfer,
  dispatchTransfer,
  receiveTransfer,
  requestTransfer,
} from '../../transfers/steps.ts';
import type { DemoOrganisation } from './organisation.ts';
import type { DemoPeople } from './people.ts';
import { DAY_MS, istMoment, type Trx } from './shared.ts';
import { demoSteps, within } from './steps.ts';

/*
 * Transfers between branches in the demo (docs/workflows.md), by the product's own functions as
 * the demo's users, each step then moved to its moment (as installations.ts does): one received in
 * full, one on the road now (dispatched yesterday), one received with an asset short, one waiting
 * for approval, one rejected and one cancelled — so each list, outgoing and incoming, has something
 * waiting for someone. The assets are in-use assets of the source branch whose history ends well
 * before the transfer.
 */

type Step = 'decide' | 'reject' | 'dispatch' | 'receive' | 'short' | 'cancel';

interface TransferPlan {
  from: string;
  to: string;
  assets: number;
  reason: string;
  /** A demo username, or a branch manager's login (`vignesh.chn-ann`). */
  requestedBy: string;
  requestedDaysAgo: number;
  steps: { step: Step; by: string; daysAgo: number; text?: string }[];
}

const PLANS: readonly TransferPlan[] = [
  {
    from: 'CHN-VEL',
    to: 'CHN-ANN',
    assets: 2,
    reason: 'Two monitors for the new step-down unit at Anna Nagar',
    requestedBy: 'vignesh.chn-ann',
    requestedDaysAgo: 24,
    steps: [
      { step: 'decide', by: 'balaji.chn-vel', daysAgo: 23 },
      { step: 'dispatch', by: 'manager', daysAgo: 22, text: 'TN 02 CK 4417 (hospital van)' },
      { step: 'receive', by: 'vignesh.chn-ann', daysAgo: 22 },
    ],
  },
  {
    from: 'CHN-ANN',
    to: 'BLR-JAY',
    assets: 2,
    reason: 'Jayanagar ICU opens with six beds; Anna Nagar lends two of its spares',
    requestedBy: 'manager',
    requestedDaysAgo: 3,
    steps: [
      { step: 'decide', by: 'vignesh.chn-ann', daysAgo: 2 },
      {
        step: 'dispatch',
        by: 'manager',
        daysAgo: 1,
        text: 'Professional Couriers, docket PC77812034',
      },
    ],
  },
  {
    from: 'CHN-ANN',
    to: 'CHN-VEL',
    assets: 3,
    reason: 'Velachery OT renovation: equipment on loan until the new ones arrive',
    requestedBy: 'vignesh.chn-ann',
    requestedDaysAgo: 11,
    steps: [
      { step: 'decide', by: 'manager', daysAgo: 10 },
      { step: 'dispatch', by: 'vignesh.chn-ann', daysAgo: 9, text: 'TN 09 BX 2210' },
      { step: 'short', by: 'balaji.chn-vel', daysAgo: 8 },
    ],
  },
  {
    from: 'CBE-RSP',
    to: 'MDU-KKN',
    assets: 1,
    reason: 'Madurai casualty needs a second defibrillator this month',
    requestedBy: 'kavitha',
    requestedDaysAgo: 2,
    steps: [],
  },
  {
    from: 'CHN-ANN',
    to: 'CHN-HO',
    assets: 1,
    reason: 'Head office wants the old desktop for the records room',
    requestedBy: 'manager',
    requestedDaysAgo: 15,
    steps: [
      {
        step: 'reject',
        by: 'vignesh.chn-ann',
        daysAgo: 14,
        text: 'Still in daily use at the front office; head office to buy its own',
      },
    ],
  },
  {
    from: 'CHN-VEL',
    to: 'CHN-ANN',
    assets: 1,
    reason: 'A spare suction machine for the wards',
    requestedBy: 'manager',
    requestedDaysAgo: 6,
    steps: [
      { step: 'cancel', by: 'manager', daysAgo: 5, text: 'The wards got one from the stores' },
    ],
  },
];

export async function seedTransfers(
  trx: Trx,
  parts: { organisation: DemoOrganisation; people: DemoPeople },
  today: Date,
): Promise<{ transfers: number; auditEntries: number; assetEvents: number }> {
  const { branchId } = parts.organisation;
  const db = within(trx);
  const run = demoSteps(trx, parts.people, today);
  const { userNamed, accessOf, stamp } = run;
  let transfers = 0;
  /** A moment `daysAgo` days before today, in the working day; a step today stays in the past. */
  const momentOf = (daysAgo: number, hour: number) => {
    const date = indianDate(new Date(today.getTime() - daysAgo * DAY_MS));
    const moment = istMoment(date, hour, 10 + daysAgo);
    return moment.getTime() < today.getTime() ? moment : new Date(today.getTime() - 60 * 60_000);
  };

  const taken = new Set<number>();
  for (const plan of PLANS) {
    const requestedAt = momentOf(plan.requestedDaysAgo, 10);
    const assets = (
      await trx
        .selectFrom('assets as a')
        .select('a.id')
        .where('a.branchId', '=', branchId(plan.from))
        .where('a.assetStatus', '=', 'IN_USE')
        .where(
          sql<boolean>`(select max(e.at) from asset_events e where e.asset_id = a.id) < ${new Date(requestedAt.getTime() - 3 * DAY_MS).toISOString()}::timestamptz`,
        )
        .orderBy('a.tag')
        .limit(plan.assets + taken.size)
        .execute()
    )
      .map((row) => row.id)
      .filter((id) => !taken.has(id))
      .slice(0, plan.assets);
    if (assets.length < plan.assets)
      throw new Error(`demo transfers: too few assets at ${plan.from}`);
    for (const id of assets) taken.add(id);
    const requester = userNamed(plan.requestedBy);
    let transferId = 0;
    await stamp(requestedAt, async () => {
      transferId = await requestTransfer(db, await accessOf(requester), requester, {
        UserInterface: 1,
        FromBranch: branchId(plan.from),
        ToBranch: branchId(plan.to),
        Assets: assets,
        Accessories: [],
        Reason: plan.reason,
        NeededBy: indianDate(new Date(today.getTime() + 10 * DAY_MS)),
      });
    });
    await sql`update asset_transfers set requested_at = ${requestedAt.toISOString()}::timestamptz
      where id = ${transferId}`.execute(trx);
    transfers += 1;
    for (const { step, by, daysAgo, text } of plan.steps) {
      const userId = userNamed(by);
      const access = await accessOf(userId);
      const moment = momentOf(daysAgo, step === 'receive' || step === 'short' ? 17 : 12);
      const at = moment.toISOString();
      const body = { UserInterface: 1 as const, AssetTransfer: transferId };
      await stamp(moment, async () => {
        if (step === 'decide' || step === 'reject')
          await decideTransfer(db, access, userId, {
            ...body,
            Decision: step === 'decide' ? 'APPROVE' : 'REJECT',
            Remarks: text,
          });
        if (step === 'dispatch')
          await dispatchTransfer(db, access, userId, { ...body, Vehicle: text ?? 'Hospital van' });
        if (step === 'cancel')
          await cancelTransfer(db, access, userId, { ...body, Reason: text ?? '' });
        if (step === 'receive' || step === 'short') {
          const room = await trx
            .selectFrom('assetLocations')
            .select('id')
            .where('branchId', '=', branchId(plan.to))
            .orderBy('id')
            .executeTakeFirstOrThrow();
          await receiveTransfer(db, access, userId, {
            ...body,
            Items: assets.map((asset, index) =>
              step === 'short' && index === assets.length - 1
                ? {
                    Asset: asset,
                    Outcome: 'SHORT',
                    Remarks: 'Not in the van; the driver to check the depot',
                  }
                : { Asset: asset, Outcome: 'RECEIVED', Location: room.id },
            ),
            Accessories: [],
          });
        }
      });
      await sql`update asset_transfers set
          decided_at = case when ${step} in ('decide', 'reject') then ${at}::timestamptz else decided_at end,
          dispatched_at = case when ${step} = 'dispatch' then ${at}::timestamptz else dispatched_at end,
          received_at = case when ${step} in ('receive', 'short') then ${at}::timestamptz else received_at end,
          cancelled_at = case when ${step} = 'cancel' then ${at}::timestamptz else cancelled_at end
        where id = ${transferId}`.execute(trx);
      await sql`update asset_transfer_items set received_at = ${at}::timestamptz
        where transfer_id = ${transferId} and received_at is not null and ${step} in ('receive', 'short')`.execute(
        trx,
      );
      if (step === 'dispatch' || step === 'receive' || step === 'short')
        await trx
          .updateTable('assets')
          .set({ updatedAt: moment })
          .where('id', 'in', assets)
          .execute();
    }
  }
  return { transfers, ...run.counts };
}
