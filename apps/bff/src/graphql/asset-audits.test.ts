import { randomUUID } from 'node:crypto';
import { aBranch, aLogin, anAsset, anAssetLocation } from '@branch-assets/legacy-api/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { type Client, expectRefused, useStack } from '../test/harness.ts';

/*
 * A physical audit through the gateway (docs/workflows.md, "Physical audit"), against a real
 * legacy-api: started by the branch manager, counted by an auditor (a replayed scan id answered as
 * the first time, an unexpected tag), submitted, its differences resolved and signed off with the
 * signer recorded; the list with its download, and the PDF report.
 */

const Start = graphql(`
  mutation StartAuditOf($input: StartAssetAuditInput!) {
    startAssetAudit(input: $input) {
      message
      audit { id number expectedCount canScan status { code text } items { id assetTag outcome } }
    }
  }
`);

const Scan = graphql(`
  mutation ScanOf($input: AuditScanInput!) {
    recordAuditScan(input: $input) {
      message result replayed
      item { id outcome assetTag scannedCode foundLocationName }
      audit { foundCount wrongLocationCount unexpectedCount pendingCount }
    }
  }
`);

const Submit = graphql(`
  mutation SubmitAuditOf($id: ID!) {
    submitAssetAudit(id: $id) {
      audit { status { code } missingCount unresolvedCount canResolve items { id outcome } }
    }
  }
`);

const Resolve = graphql(`
  mutation ResolveOf($input: ResolveAuditDifferenceInput!) {
    resolveAuditDifference(input: $input) { audit { unresolvedCount canSignOff } }
  }
`);

const Close = graphql(`
  mutation CloseOf($input: CloseAssetAuditInput!) {
    closeAssetAudit(input: $input) {
      message
      audit { status { code text } signedOffByName reportUrl }
    }
  }
`);

const Audits = graphql(`
  query AuditsOf($branchId: ID!, $status: AuditState) {
    assetAudits(branchId: $branchId, status: $status) {
      rows { number locationName expectedCount foundCount status { code } }
      headers { text value }
      totalCount
      canCreate
      exportUrl
    }
  }
`);

const Auditors = graphql(`
  query AuditorsOf($branchId: ID!) { auditorOptions(branchId: $branchId) { value text } }
`);

const LastAudit = graphql(`
  query LastAuditOf($assetId: ID!) { assetLastAudit(assetId: $assetId) { lastAuditedOn auditNumber } }
`);

const stack = useStack([]);
const clients = {} as Record<'manager' | 'auditor' | 'stranger', Client>;
let branch = 0;
let auditorId = 0;
let ward = 0;
let store = 0;

beforeAll(async () => {
  branch = (await aBranch(stack.db)).id;
  const other = (await aBranch(stack.db)).id;
  clients.manager = await stack.clientOf(
    await aLogin(stack.db, { role: 'manager', branches: [branch] }),
  );
  const auditor = await aLogin(stack.db, { role: 'viewer', branches: [branch] });
  auditorId = auditor.userId;
  clients.auditor = await stack.clientOf(auditor);
  clients.stranger = await stack.clientOf(
    await aLogin(stack.db, { role: 'manager', branches: [other] }),
  );
  ward = (await anAssetLocation(stack.db, { branch, name: 'Ward 3' })).id;
  store = (await anAssetLocation(stack.db, { branch, name: 'Biomedical Stores' })).id;
});

describe('a physical audit through the gateway', () => {
  it('is started, counted exactly once, submitted, resolved and signed off; its report prints', async () => {
    const [monitor, pump] = await Promise.all(
      [0, 1].map(() => anAsset(stack.db, { branch, location: ward })),
    );
    if (!monitor || !pump) throw new Error('no assets');
    const options = await clients.manager.graphql(Auditors, { branchId: String(branch) });
    expect(options.errors).toBeUndefined();
    expect(options.data?.auditorOptions.map((option) => String(option.value))).toContain(
      String(auditorId),
    );
    const started = await clients.manager.graphql(Start, {
      input: {
        branchId: String(branch),
        locationId: String(ward),
        dueDate: '2099-03-31',
        auditorIds: [String(auditorId)],
      },
    });
    expect(started.errors).toBeUndefined();
    const audit = started.data?.startAssetAudit.audit;
    expect(audit).toMatchObject({
      expectedCount: 2,
      canScan: true,
      status: { code: 'IN_PROGRESS', text: 'In Progress' },
    });
    const id = audit?.id ?? '';

    const scanId = randomUUID();
    const input = { auditId: id, scanId, code: `#/asset/view?id=${monitor.id}` };
    const first = await clients.auditor.graphql(Scan, { input });
    expect(first.data?.recordAuditScan).toMatchObject({
      result: 'COUNTED',
      replayed: false,
      item: { outcome: 'FOUND', assetTag: monitor.tag, foundLocationName: 'Ward 3' },
    });
    const replay = await clients.auditor.graphql(Scan, { input });
    expect(replay.data?.recordAuditScan).toMatchObject({ result: 'COUNTED', replayed: true });
    const unknown = await clients.auditor.graphql(Scan, {
      input: { auditId: id, scanId: randomUUID(), code: 'OLD-LABEL-77' },
    });
    expect(unknown.data?.recordAuditScan).toMatchObject({
      item: { outcome: 'UNEXPECTED', scannedCode: 'OLD-LABEL-77' },
      audit: { foundCount: 1, unexpectedCount: 1, pendingCount: 1 },
    });
    expectRefused(
      await clients.stranger.graphql(Scan, {
        input: { auditId: id, scanId: randomUUID(), code: pump.tag },
      }),
      'REJECTED',
      'Asset audit not found.',
    );

    const submitted = await clients.auditor.graphql(Submit, { id });
    const afterSubmit = submitted.data?.submitAssetAudit.audit;
    expect(afterSubmit).toMatchObject({
      status: { code: 'SUBMITTED' },
      missingCount: 1,
      unresolvedCount: 2,
      canResolve: false,
    });
    expectRefused(
      await clients.manager.graphql(Close, { input: { id } }),
      'REJECTED',
      '2 differences are not resolved yet.',
    );
    for (const item of afterSubmit?.items ?? []) {
      if (item.outcome !== 'MISSING' && item.outcome !== 'UNEXPECTED') continue;
      const resolved = await clients.manager.graphql(Resolve, {
        input: {
          auditId: id,
          itemId: item.id,
          resolution: item.outcome === 'MISSING' ? 'CONDEMN' : 'INVESTIGATE',
          note: 'Decided at the sign-off meeting',
        },
      });
      expect(resolved.errors).toBeUndefined();
    }
    const closed = await clients.manager.graphql(Close, {
      input: { id, remarks: 'Counted with the ward in charge' },
    });
    expect(closed.data?.closeAssetAudit.audit).toMatchObject({
      status: { code: 'SIGNED_OFF', text: 'Signed Off' },
      reportUrl: `/reports/asset-audit.pdf?id=${id}`,
    });
    expect(closed.data?.closeAssetAudit.audit.signedOffByName).toBeTruthy();
    const last = await clients.auditor.graphql(LastAudit, { assetId: String(monitor.id) });
    expect(last.data?.assetLastAudit.auditNumber).toBe(audit?.number);

    const pdf = await clients.auditor.fetch(`/reports/asset-audit.pdf?id=${id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const refused = await clients.stranger.fetch(`/reports/asset-audit.pdf?id=${id}`);
    expect(refused.status).not.toBe(200);
    await refused.arrayBuffer();

    const list = await clients.manager.graphql(Audits, {
      branchId: String(branch),
      status: 'SIGNED_OFF',
    });
    expect(list.data?.assetAudits).toMatchObject({
      rows: [{ number: audit?.number, locationName: 'Ward 3', expectedCount: 2, foundCount: 1 }],
      totalCount: 1,
      canCreate: true,
      exportUrl: `/exports/asset-audits.xlsx?branchId=${branch}&status=SIGNED_OFF`,
    });
    const workbook = await clients.manager.fetch(
      `/exports/asset-audits.xlsx?branchId=${branch}&status=SIGNED_OFF`,
    );
    expect(workbook.status).toBe(200);
    expect(workbook.headers.get('content-disposition')).toContain('AssetAudits_');
    await workbook.arrayBuffer();
    expect(store).toBeGreaterThan(0);
  });
});
