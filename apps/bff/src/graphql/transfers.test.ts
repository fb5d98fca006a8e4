import {
  aBranch,
  aLogin,
  anAccessory,
  anAsset,
  anAssetLocation,
} from '@branch-assets/legacy-api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { type Client, expectRefused, useStack } from '../test/harness.ts';

/*
 * A transfer between branches through the gateway (docs/workflows.md), as the people involved:
 * the source branch's manager requests and dispatches, its second manager approves, the
 * destination's manager receives (one asset short, found later); the lists of each side say what
 * waits for whom.
 */

const Request = graphql(`
  mutation RequestTransferOf($input: AssetTransferInput!) {
    requestAssetTransfer(input: $input) {
      message
      transfer { id number status { code text } canDecide canCancel assetCount gatePassUrl }
    }
  }
`);

const Decide = graphql(`
  mutation DecideTransferOf($input: DecideAssetTransferInput!) {
    decideAssetTransfer(input: $input) { message transfer { status { code } decidedByName } }
  }
`);

const Dispatch = graphql(`
  mutation DispatchTransferOf($input: DispatchAssetTransferInput!) {
    dispatchAssetTransfer(input: $input) {
      message
      transfer { status { code text } gatePassNumber gatePassUrl vehicle assets { assetStatus previousStatus } }
    }
  }
`);

const Receive = graphql(`
  mutation ReceiveTransferOf($input: ReceiveAssetTransferInput!) {
    receiveAssetTransfer(input: $input) {
      message
      transfer {
        status { code } shortCount canReceive
        assets { id outcome assetStatus locationName }
        accessories { quantity received }
      }
    }
  }
`);

const Transfers = graphql(`
  query TransfersOf($branchId: ID!, $direction: TransferDirection, $search: String) {
    assetTransfers(branchId: $branchId, direction: $direction, search: $search) {
      rows { number fromBranchName toBranchName canDecide canDispatch canReceive status { code } }
      totalCount
      canCreate
      exportUrl
    }
  }
`);

const stack = useStack([]);
const clients = {} as Record<'requester' | 'approver' | 'receiver' | 'viewer', Client>;
let from = 0;
let to = 0;

beforeAll(async () => {
  from = (await aBranch(stack.db)).id;
  to = (await aBranch(stack.db)).id;
  clients.requester = await stack.clientOf(
    await aLogin(stack.db, { role: 'manager', branches: [from] }),
  );
  clients.approver = await stack.clientOf(
    await aLogin(stack.db, { role: 'manager', branches: [from] }),
  );
  clients.receiver = await stack.clientOf(
    await aLogin(stack.db, { role: 'manager', branches: [to] }),
  );
  clients.viewer = await stack.clientOf(await aLogin(stack.db, { role: 'viewer', branches: [to] }));
});

describe('a transfer through the gateway', () => {
  it('is requested, approved, dispatched and received short, then whole; each side lists it', async () => {
    const monitor = await anAsset(stack.db, { branch: from, status: 'IN_USE' });
    const pump = await anAsset(stack.db, { branch: from, status: 'IN_STOCK' });
    const probes = await anAccessory(stack.db, { stock: { branch: from, onHand: 8 } });
    const requested = await clients.requester.graphql(Request, {
      input: {
        fromBranchId: String(from),
        toBranchId: String(to),
        assetIds: [String(monitor.id), String(pump.id)],
        accessories: [{ accessoryId: String(probes.id), quantity: 3 }],
        reason: 'New ICU beds at the destination',
        neededBy: '2026-12-20',
      },
    });
    expect(requested.errors).toBeUndefined();
    const transfer = requested.data?.requestAssetTransfer.transfer;
    expect(transfer).toMatchObject({
      status: { code: 'REQUESTED', text: 'Requested' },
      canDecide: false,
      canCancel: true,
      assetCount: 2,
      gatePassUrl: null,
    });
    const id = transfer?.id ?? '';

    expectRefused(
      await clients.requester.graphql(Decide, { input: { id, decision: 'APPROVE' } }),
      'REJECTED',
      'The user who requested a transfer cannot approve it: a second user does.',
    );
    const outgoing = await clients.approver.graphql(Transfers, {
      branchId: String(from),
      search: transfer?.number ?? '',
    });
    expect(outgoing.data?.assetTransfers.rows[0]).toMatchObject({ canDecide: true });
    await clients.approver.graphql(Decide, { input: { id, decision: 'APPROVE' } });

    const sent = await clients.requester.graphql(Dispatch, {
      input: { id, vehicle: 'KA 01 MN 4321' },
    });
    expect(sent.data?.dispatchAssetTransfer.transfer).toMatchObject({
      status: { code: 'IN_TRANSIT', text: 'In Transit' },
      gatePassUrl: `/asset-transfers/${id}/gate-pass.pdf`,
      vehicle: 'KA 01 MN 4321',
      assets: [{ assetStatus: 'IN_TRANSIT' }, { assetStatus: 'IN_TRANSIT' }],
    });

    const incoming = await clients.receiver.graphql(Transfers, {
      branchId: String(to),
      direction: 'INCOMING',
      search: transfer?.number ?? '',
    });
    expect(incoming.data?.assetTransfers.rows).toMatchObject([
      { number: transfer?.number, canReceive: true, status: { code: 'IN_TRANSIT' } },
    ]);
    expect(incoming.data?.assetTransfers.exportUrl).toContain('direction=INCOMING');

    const room = await anAssetLocation(stack.db, { branch: to, name: 'Biomedical Stores' });
    const first = await clients.receiver.graphql(Receive, {
      input: {
        id,
        items: [
          { assetId: String(monitor.id), outcome: 'RECEIVED', locationId: String(room.id) },
          { assetId: String(pump.id), outcome: 'SHORT', remarks: 'Not in the van' },
        ],
        accessories: [{ accessoryId: String(probes.id), received: 3 }],
      },
    });
    expect(first.errors).toBeUndefined();
    expect(first.data?.receiveAssetTransfer.transfer).toMatchObject({
      status: { code: 'RECEIVED_SHORT' },
      shortCount: 1,
      canReceive: true,
      accessories: [{ quantity: 3, received: 3 }],
    });
    const last = await clients.receiver.graphql(Receive, {
      input: {
        id,
        items: [{ assetId: String(pump.id), outcome: 'RECEIVED', locationId: String(room.id) }],
      },
    });
    expect(last.data?.receiveAssetTransfer.transfer).toMatchObject({
      status: { code: 'RECEIVED' },
      shortCount: 0,
      canReceive: false,
    });
    const viewerList = await clients.viewer.graphql(Transfers, {
      branchId: String(to),
      direction: 'INCOMING',
    });
    expect(viewerList.data?.assetTransfers.canCreate).toBe(false);
    expect(viewerList.data?.assetTransfers.rows.every((row) => !row.canReceive)).toBe(true);
  });
});
