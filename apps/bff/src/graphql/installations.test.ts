import {
  aBranch,
  aLogin,
  anAsset,
  anAssetLocation,
  aVendor,
} from '@branch-assets/legacy-api/testing';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../test/gql/index.ts';
import { type Client, expectRefused, useStack } from '../test/harness.ts';

/*
 * An asset's installation, condemnation and disposal through the gateway (docs/workflows.md), as
 * the branch's two managers (one records, the other signs off), an administrator (who condemns)
 * and a viewer: the schema's names, the legacy refusals as REJECTED, the list with its download,
 * and the report uploaded by the gateway's own route.
 */

const Installable = graphql(`
  query InstallableOf($branchId: ID!, $search: String) {
    installableAssets(branchId: $branchId, search: $search) {
      assets { id tag name locationName }
      notes { id number waiting }
    }
  }
`);

const SaveInstallation = graphql(`
  mutation SaveInstallationOf($input: AssetInstallationInput!) {
    saveAssetInstallation(input: $input) {
      message
      installation {
        id number status { code text } canSignOff canAttachReport installerKind engineerName
        vendorName installedByName installedAtText assetCount
        checklist { physicalConditionOk manualHandedOver }
        assets { id tag assetStatus }
      }
    }
  }
`);

const SignOff = graphql(`
  mutation SignOffOf($input: SignOffAssetInstallationInput!) {
    signOffAssetInstallation(input: $input) {
      message
      installation { status { code text } canSignOff decidedByName assets { assetStatus } reportUrl }
    }
  }
`);

const Installations = graphql(`
  query InstallationsOf($branchId: ID!, $status: InstallationState, $search: String, $sortBy: String) {
    assetInstallations(branchId: $branchId, status: $status, search: $search, sortBy: $sortBy) {
      rows { id number assetTags assetCount status { code } canSignOff }
      headers { value }
      totalCount
      canCreate
      exportUrl
    }
  }
`);

const Installation = graphql(`
  query InstallationOf($id: ID!) {
    assetInstallation(id: $id) { number reportUrl canAttachReport canSignOff }
  }
`);

const Condemn = graphql(`
  mutation CondemnOf($input: CondemnAssetInput!) {
    condemnAsset(input: $input) { message asset { id assetStatus } }
  }
`);

const Dispose = graphql(`
  mutation DisposeOf($input: DisposeAssetInput!) {
    disposeAsset(input: $input) { message asset { id assetStatus } }
  }
`);

const Disposal = graphql(`
  query DisposalOf($assetId: ID!) {
    assetDisposal(assetId: $assetId) { condemnedOn committeeRemarks method amount buyer disposedByName }
  }
`);

const stack = useStack([]);
const clients = {} as Record<'recorder' | 'signer' | 'admin' | 'viewer', Client>;
let branch = 0;
let room = 0;
let vendor = 0;

beforeAll(async () => {
  branch = (await aBranch(stack.db)).id;
  const roles = { recorder: 'manager', signer: 'manager', admin: 'admin', viewer: 'viewer' };
  for (const [who, role] of Object.entries(roles))
    clients[who as keyof typeof clients] = await stack.clientOf(
      await aLogin(stack.db, { role, branches: [branch] }),
    );
  room = (await anAssetLocation(stack.db, { branch, name: 'ICU' })).id;
  vendor = await aVendor(stack.db);
});

const checklist = {
  physicalConditionOk: true,
  powerEarthingOk: true,
  accessoriesPresent: true,
  demoGiven: true,
  staffTrained: true,
  manualHandedOver: false,
};

function installationInput(assetIds: string[], changes: Record<string, unknown> = {}) {
  return {
    branchId: String(branch),
    assetIds,
    installedAt: '2026-11-19T15:45:00+05:30',
    locationId: String(room),
    installerKind: 'VENDOR' as const,
    vendorId: String(vendor),
    engineerName: 'Suresh Babu',
    checklist,
    remarks: 'Mounted on the ICU wall rail',
    ...changes,
  };
}

describe('installing assets through the gateway', () => {
  it('offers the branch’s stock, records an installation, attaches its report, and is signed off by the second manager', async () => {
    const asset = await anAsset(stack.db, { branch, status: 'IN_STOCK' });
    const offered = await clients.recorder.graphql(Installable, {
      branchId: String(branch),
      search: asset.tag,
    });
    expect(offered.data?.installableAssets.assets.map((row) => row.tag)).toEqual([asset.tag]);

    const saved = await clients.recorder.graphql(SaveInstallation, {
      input: installationInput([String(asset.id)]),
    });
    expect(saved.errors).toBeUndefined();
    const installation = saved.data?.saveAssetInstallation.installation;
    expect(installation).toMatchObject({
      status: { code: 'PENDING', text: 'Awaiting Sign-off' },
      canSignOff: false,
      canAttachReport: true,
      installerKind: 'VENDOR',
      engineerName: 'Suresh Babu',
      installedAtText: '19-11-2026 15:45',
      assetCount: 1,
      checklist: { physicalConditionOk: true, manualHandedOver: false },
      assets: [{ tag: asset.tag, assetStatus: 'IN_STOCK' }],
    });
    const id = installation?.id ?? '';

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const uploaded = await clients.recorder.fetch(
      `/uploads/asset-installation-report?assetInstallationId=${id}&fileName=report.pdf`,
      { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(pdf) },
    );
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const shown = await clients.signer.graphql(Installation, { id });
    expect(shown.data?.assetInstallation.canSignOff).toBe(true);
    const reportUrl = shown.data?.assetInstallation.reportUrl ?? '';
    expect(reportUrl).toMatch(/^\/files\/installations\/[0-9a-f]+\.pdf$/);
    const report = await clients.viewer.fetch(reportUrl);
    expect(report.status).toBe(200);

    expectRefused(
      await clients.recorder.graphql(SignOff, { input: { id, decision: 'SIGN_OFF' } }),
      'REJECTED',
      'The user who recorded an installation cannot sign it off: a second user does.',
    );
    const signed = await clients.signer.graphql(SignOff, { input: { id, decision: 'SIGN_OFF' } });
    expect(signed.errors).toBeUndefined();
    expect(signed.data?.signOffAssetInstallation).toMatchObject({
      message: `${installation?.number} signed off: 1 assets in use.`,
      installation: {
        status: { code: 'SIGNED_OFF' },
        canSignOff: false,
        assets: [{ assetStatus: 'IN_USE' }],
      },
    });
  });

  it('lists a branch’s installations by status and search, with a download of what is listed', async () => {
    const asset = await anAsset(stack.db, { branch, status: 'IN_STOCK' });
    await clients.recorder.graphql(SaveInstallation, {
      input: installationInput([String(asset.id)]),
    });
    const list = await clients.signer.graphql(Installations, {
      branchId: String(branch),
      status: 'PENDING',
      search: asset.tag,
      sortBy: 'installedAt',
    });
    expect(list.errors).toBeUndefined();
    const answer = list.data?.assetInstallations;
    expect(answer?.totalCount).toBe(1);
    expect(answer?.rows[0]).toMatchObject({ assetTags: asset.tag, canSignOff: true });
    expect(answer?.headers.map((header) => header.value)).toContain('assetTags');
    expect(answer?.canCreate).toBe(true);
    const download = await clients.signer.fetch(answer?.exportUrl ?? '');
    expect(download.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const tags = sheet?.getColumn(3).values.slice(2);
    expect(tags).toEqual([asset.tag]);

    const viewerList = await clients.viewer.graphql(Installations, { branchId: String(branch) });
    expect(viewerList.data?.assetInstallations.canCreate).toBe(false);
    expectRefused(
      await clients.viewer.graphql(SaveInstallation, {
        input: installationInput([String(asset.id)]),
      }),
      'REJECTED',
      'Your role may not record installations.',
    );
    expectRefused(
      await clients.recorder.graphql(SaveInstallation, {
        input: installationInput([String(asset.id)], { engineerName: '' }),
      }),
      'BAD_USER_INPUT',
    );
  });
});

describe('condemning and disposing through the gateway', () => {
  it('is condemned by an administrator and scrapped by the branch; its disposal reads back', async () => {
    const asset = await anAsset(stack.db, { branch, status: 'OUT_OF_ORDER' });
    const assetId = String(asset.id);
    const condemn = {
      assetId,
      condemnedOn: '2026-11-18',
      reason: 'Obsolete: no spares since 2024',
      condition: 'POOR' as const,
      committeeRemarks: 'Committee meeting 14/2026: condemned',
    };
    expectRefused(
      await clients.recorder.graphql(Condemn, { input: condemn }),
      'REJECTED',
      'Your role may not condemn assets.',
    );
    const condemned = await clients.admin.graphql(Condemn, { input: condemn });
    expect(condemned.data?.condemnAsset.asset.assetStatus).toBe('CONDEMNED');
    const disposed = await clients.recorder.graphql(Dispose, {
      input: {
        assetId,
        method: 'SOLD',
        disposedOn: '2026-11-20',
        amount: '4500.00',
        buyer: 'Metro Scrap',
      },
    });
    expect(disposed.errors).toBeUndefined();
    expect(disposed.data?.disposeAsset.asset.assetStatus).toBe('DISPOSED');
    const disposal = await clients.viewer.graphql(Disposal, { assetId });
    expect(disposal.data?.assetDisposal).toMatchObject({
      condemnedOn: '2026-11-18',
      method: 'SOLD',
      amount: '4500.00',
      buyer: 'Metro Scrap',
    });
    const none = await clients.viewer.graphql(Disposal, {
      assetId: String((await anAsset(stack.db, { branch })).id),
    });
    expect(none.data?.assetDisposal).toBeNull();
  });
});
