import { randomUUID } from 'node:crypto';
import { indianDate } from '@branch-assets/domain';
import { legacyCalls } from '@branch-assets/legacy-contract';
import { describe, expect, it } from 'vitest';
import { multipartBody, pngImage } from '../gallery/test-images.ts';
import { simplePdf } from '../seed/documents.ts';
import { aBranch, aLogin, anAsset, anAssetLocation } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';
import { auditsDue } from './due.ts';

/*
 * Physical audits (docs/workflows.md, "Physical audit"): the expected list snapshot, scans that
 * count exactly once — replays of one scan id and two phones scanning one asset at once —
 * unexpected tags, submission, the branch manager's resolutions and sign-off with its effects,
 * and every refusal changing nothing. The file makes its own branches, assets and logins.
 */

const api = useTestApi({ reference: true });
const today = indianDate(new Date());

interface Branch {
  id: number;
  code: string;
  manager: { token: string; id: number };
  auditor: { token: string; id: number };
  secondAuditor: { token: string; id: number };
  viewer: { token: string; id: number };
  ward: number;
  store: number;
}

async function aBranchWithPeople(): Promise<Branch> {
  const branch = await aBranch(api.db);
  const login = async (role: string) => {
    const made = await aLogin(api.db, { role, branches: [branch.id] });
    return { token: await api.login(made.username, made.password), id: made.userId };
  };
  return {
    id: branch.id,
    code: branch.code,
    manager: await login('manager'),
    // Auditors are users of the branch whatever their role: here viewers, who count but decide nothing.
    auditor: await login('viewer'),
    secondAuditor: await login('viewer'),
    viewer: await login('viewer'),
    ward: (await anAssetLocation(api.db, { branch: branch.id, name: `Ward ${branch.code}` })).id,
    store: (await anAssetLocation(api.db, { branch: branch.id, name: `Store ${branch.code}` })).id,
  };
}

/** An audit of the branch's ward, of another location, or (null) of the whole branch. */
async function started(branch: Branch, location: number | null = branch.ward) {
  const answer = await api.call('assetAuditStart', branch.manager.token, {
    Branch: branch.id,
    Location: location ?? undefined,
    DueDate: today,
    Auditors: [branch.auditor.id, branch.secondAuditor.id],
  });
  expect(answer.flag, answer.output).toBe(1);
  if (!answer.records) throw new Error('no audit');
  return answer.records;
}

function scan(
  branch: Branch,
  audit: number,
  what: { code?: string; asset?: number; location?: number },
  who = branch.auditor,
  scanId = randomUUID(),
) {
  return api.call('assetAuditScan', who.token, {
    AssetAudit: audit,
    ScanId: scanId,
    Code: what.code,
    Asset: what.asset,
    Location: what.location,
    Condition: 'GOOD',
  });
}

async function shown(branch: Branch, audit: number) {
  const answer = await api.call('assetAuditShow', branch.manager.token, { AssetAudit: audit });
  expect(answer.flag, answer.output).toBe(1);
  if (!answer.records) throw new Error('no audit');
  return answer.records;
}

describe('starting an audit', () => {
  it('numbers it and snapshots the assets of the location not in transit, condemned or disposed', async () => {
    const branch = await aBranchWithPeople();
    const inUse = await anAsset(api.db, { branch: branch.id, location: branch.ward });
    const inStock = await anAsset(api.db, {
      branch: branch.id,
      location: branch.ward,
      status: 'IN_STOCK',
    });
    const condemned = await anAsset(api.db, { branch: branch.id, location: branch.ward });
    await api.db
      .updateTable('assets')
      .set({ assetStatus: 'CONDEMNED' })
      .where('id', '=', condemned.id)
      .execute();
    await anAsset(api.db, { branch: branch.id, location: branch.store });
    const audit = await started(branch);
    expect(audit.AuditNumber).toMatch(new RegExp(`^AUD/${branch.code}/\\d{4}-\\d{2}/0001$`));
    expect(audit.StatusCode).toBe('IN_PROGRESS');
    expect(audit.Items.map((item) => item.AssetId).sort()).toEqual([inUse.id, inStock.id].sort());
    expect(audit.Items.every((item) => item.Outcome === 'PENDING')).toBe(true);
    expect(audit.Auditors).toHaveLength(2);
    expect(audit.ScanFlag).toBe(true);
    // A branch-wide audit expects every location's assets; a second open audit of one place is refused.
    const whole = await started(branch, null);
    expect(whole.ExpectedCount).toBe(3);
    const again = await api.call('assetAuditStart', branch.manager.token, {
      Branch: branch.id,
      Location: branch.ward,
      DueDate: today,
      Auditors: [branch.auditor.id],
    });
    expect(again.flag).toBe(0);
    expect(again.output).toBe(`Audit ${audit.AuditNumber} of the same place is still open.`);
  });

  it('refuses a viewer, an auditor of another branch, a past due date and another branch’s location', async () => {
    const branch = await aBranchWithPeople();
    const other = await aBranchWithPeople();
    const options = await api.call('assetAuditAuditorOptions', branch.manager.token, {
      Branch: branch.id,
    });
    expect(options.flag, options.output).toBe(1);
    expect(options.records?.map((option) => option.value)).toEqual(
      expect.arrayContaining([branch.auditor.id, branch.manager.id]),
    );
    expect(options.records?.map((option) => option.value)).not.toContain(other.auditor.id);
    // A purchase verifier of the branch cannot open audits, so is no auditor.
    const verifier = await aLogin(api.db, { role: 'verifier', branches: [branch.id] });
    const withVerifier = await api.call('assetAuditAuditorOptions', branch.manager.token, {
      Branch: branch.id,
    });
    expect(withVerifier.records?.map((option) => option.value)).not.toContain(verifier.userId);
    const body = {
      Branch: branch.id,
      Location: branch.ward,
      DueDate: today,
      Auditors: [branch.auditor.id],
    };
    const refusals = [
      [branch.viewer.token, body, 'Your role may not start asset audits.'],
      [
        branch.manager.token,
        { ...body, Auditors: [other.auditor.id] },
        `Auditor ${other.auditor.id} does not work in the branch, or may not open its audits.`,
      ],
      [branch.manager.token, { ...body, DueDate: '2020-01-01' }, 'The due date is in the past.'],
      [
        branch.manager.token,
        { ...body, Location: other.ward },
        'The location is not one of the branch.',
      ],
      [other.manager.token, body, 'You do not work in that branch.'],
    ] as const;
    for (const [token, request, output] of refusals) {
      const answer = await api.call('assetAuditStart', token, request);
      expect(answer.flag, output).toBe(0);
      expect(answer.output).toBe(output);
    }
    const count = await api.db
      .selectFrom('assetAudits')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('branchId', '=', branch.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(0);
  });
});

describe('scanning', () => {
  it('finds by QR address, tag (any case) or tick; flags the wrong location; records unexpected tags', async () => {
    const branch = await aBranchWithPeople();
    const other = await aBranchWithPeople();
    const [first, second, third, ticked] = await Promise.all(
      [0, 1, 2, 3].map(() => anAsset(api.db, { branch: branch.id, location: branch.ward })),
    );
    if (!first || !second || !third || !ticked) throw new Error('no assets');
    const elsewhere = await anAsset(api.db, { branch: branch.id, location: branch.store });
    const otherBranch = await anAsset(api.db, { branch: other.id, location: other.ward });
    const audit = await started(branch, null);
    const id = audit.AssetAuditId;

    const byQr = await scan(branch, id, {
      code: `https://assets.example/#/asset/view?id=${first.id}`,
      location: branch.ward,
    });
    expect(byQr.flag, byQr.output).toBe(1);
    expect(byQr.records?.Item.Outcome).toBe('FOUND');
    expect(byQr.records?.Result).toBe('COUNTED');
    const byTag = await scan(branch, id, { code: second.tag.toLowerCase(), location: branch.ward });
    expect(byTag.records?.Item.Outcome).toBe('FOUND');
    // Standing in the store, the auditor finds a ward asset: found in the wrong location.
    const wrong = await scan(branch, id, { code: third.tag, location: branch.store });
    expect(wrong.records?.Item).toMatchObject({
      Outcome: 'FOUND_WRONG_LOCATION',
      ExpectedLocationId: branch.ward,
      FoundLocationId: branch.store,
    });
    expect(wrong.output).toBe(`${third.tag} found, in the wrong location.`);
    const tick = await scan(branch, id, { asset: ticked.id, location: branch.ward });
    expect(tick.records?.Item.Outcome).toBe('FOUND');
    const store = await scan(branch, id, { code: elsewhere.tag, location: branch.store });
    expect(store.records?.Item.Outcome).toBe('FOUND');

    const unknown = await scan(branch, id, { code: 'ZZ-NOT-A-TAG', location: branch.ward });
    expect(unknown.records?.Item).toMatchObject({
      Outcome: 'UNEXPECTED',
      AssetId: null,
      ScannedCode: 'ZZ-NOT-A-TAG',
      Expected: false,
    });
    const foreign = await scan(branch, id, { code: otherBranch.tag, location: branch.ward });
    expect(foreign.records?.Item).toMatchObject({
      Outcome: 'UNEXPECTED',
      AssetId: otherBranch.id,
      AssetBranchCode: other.code,
    });
    const row = foreign.records?.Audit;
    expect(row).toMatchObject({
      ExpectedCount: 5,
      FoundCount: 4,
      WrongLocationCount: 1,
      UnexpectedCount: 2,
      PendingCount: 0,
    });
  });

  it('counts a replayed scan id once and answers it as the first time', async () => {
    const branch = await aBranchWithPeople();
    const asset = await anAsset(api.db, { branch: branch.id, location: branch.ward });
    const audit = await started(branch);
    const scanId = randomUUID();
    const first = await scan(
      branch,
      audit.AssetAuditId,
      { code: asset.tag },
      branch.auditor,
      scanId,
    );
    expect(first.records).toMatchObject({ Result: 'COUNTED', Replayed: false });
    // The phone did not hear the answer and sends the same scan again, sequentially and at once.
    const again = await scan(
      branch,
      audit.AssetAuditId,
      { code: asset.tag },
      branch.auditor,
      scanId,
    );
    expect(again.flag).toBe(1);
    expect(again.records).toMatchObject({ Result: 'COUNTED', Replayed: true });
    const unknownId = randomUUID();
    const both = await Promise.all(
      [0, 1, 2].map(() =>
        scan(branch, audit.AssetAuditId, { code: 'LOST-TAG-1' }, branch.auditor, unknownId),
      ),
    );
    expect(both.map((answer) => answer.flag)).toEqual([1, 1, 1]);
    expect(both.filter((answer) => answer.records?.Replayed === false)).toHaveLength(1);
    const scans = await api.db
      .selectFrom('assetAuditScans')
      .select(['scanId', 'result'])
      .where('auditId', '=', audit.AssetAuditId)
      .execute();
    expect(scans).toHaveLength(2);
    const detail = await shown(branch, audit.AssetAuditId);
    expect(detail).toMatchObject({ FoundCount: 1, UnexpectedCount: 1 });
  });

  it('audit scans racing from two phones (no double count)', async () => {
    const branch = await aBranchWithPeople();
    const assets = await Promise.all(
      [0, 1, 2, 3, 4].map(() => anAsset(api.db, { branch: branch.id, location: branch.ward })),
    );
    const audit = await started(branch);
    const id = audit.AssetAuditId;
    // Both phones scan every asset, and the same unknown tag, at the same moment.
    const phones = [branch.auditor, branch.secondAuditor];
    const answers = await Promise.all(
      [...assets.map((asset) => asset.tag), 'UNKNOWN-RACE'].flatMap((code) =>
        phones.map((phone) => scan(branch, id, { code, location: branch.ward }, phone)),
      ),
    );
    expect(answers.every((answer) => answer.flag === 1)).toBe(true);
    const counted = answers.filter((answer) => answer.records?.Result === 'COUNTED');
    expect(counted).toHaveLength(assets.length + 1);
    expect(answers.filter((answer) => answer.records?.Result === 'ALREADY_COUNTED')).toHaveLength(
      assets.length + 1,
    );
    const detail = await shown(branch, id);
    expect(detail).toMatchObject({
      ExpectedCount: assets.length,
      FoundCount: assets.length,
      UnexpectedCount: 1,
      PendingCount: 0,
    });
    // The item keeps the first scan's scanner; the second is a repeat.
    for (const item of detail.Items) expect(item.RepeatScans).toBe(1);
    const scanners = await api.db
      .selectFrom('assetAuditItems')
      .select('scannedBy')
      .where('auditId', '=', id)
      .execute();
    expect(scanners.every((item) => phones.some((phone) => phone.id === item.scannedBy))).toBe(
      true,
    );
  });

  it('refuses someone who is not an auditor, and scans after submission (a replay still answers)', async () => {
    const branch = await aBranchWithPeople();
    const [asset, late] = await Promise.all(
      [0, 1].map(() => anAsset(api.db, { branch: branch.id, location: branch.ward })),
    );
    if (!asset || !late) throw new Error('no assets');
    const audit = await started(branch);
    const id = audit.AssetAuditId;
    const stranger = await scan(branch, id, { code: asset.tag }, branch.viewer);
    expect(stranger.output).toBe(`You are not an auditor of audit ${audit.AuditNumber}.`);
    const scanId = randomUUID();
    expect((await scan(branch, id, { code: asset.tag }, branch.auditor, scanId)).flag).toBe(1);
    const submitted = await api.call('assetAuditSubmit', branch.auditor.token, { AssetAudit: id });
    expect(submitted.flag, submitted.output).toBe(1);
    expect(submitted.records).toMatchObject({ StatusCode: 'SUBMITTED', MissingCount: 1 });
    const after = await scan(branch, id, { code: late.tag });
    expect(after.flag).toBe(0);
    expect(after.output).toBe(
      `Audit ${audit.AuditNumber} is no longer being counted (it is Waiting For Sign-off).`,
    );
    const replay = await scan(branch, id, { code: asset.tag }, branch.auditor, scanId);
    expect(replay.records).toMatchObject({ Replayed: true, Result: 'COUNTED' });
  });
});

describe('closing', () => {
  it('resolves each difference, refuses sign-off until then, and signs off with its effects', async () => {
    const branch = await aBranchWithPeople();
    const [found, moved, missing] = await Promise.all(
      [0, 1, 2].map(() => anAsset(api.db, { branch: branch.id, location: branch.ward })),
    );
    if (!found || !moved || !missing) throw new Error('no assets');
    const audit = await started(branch, null);
    const id = audit.AssetAuditId;
    await scan(branch, id, { code: found.tag, location: branch.ward });
    await api.call('assetAuditScan', branch.auditor.token, {
      AssetAudit: id,
      ScanId: randomUUID(),
      Code: found.tag,
      Location: branch.ward,
    });
    const poor = await api.call('assetAuditScan', branch.auditor.token, {
      AssetAudit: id,
      ScanId: randomUUID(),
      Code: moved.tag,
      Location: branch.store,
      Condition: 'POOR',
      Remarks: 'Cracked casing',
    });
    expect(poor.records?.Item.Outcome).toBe('FOUND_WRONG_LOCATION');
    await scan(branch, id, { code: 'NO-SUCH-TAG', location: branch.store });
    const submitted = await api.call('assetAuditSubmit', branch.auditor.token, { AssetAudit: id });
    expect(submitted.records).toMatchObject({ MissingCount: 1, UnresolvedCount: 3 });
    const items = submitted.records?.Items ?? [];
    const itemOf = (outcome: string) => {
      const item = items.find((candidate) => candidate.Outcome === outcome);
      if (!item) throw new Error(`no ${outcome}`);
      return item.ItemId;
    };

    const signOffEarly = await api.call('assetAuditSignOff', branch.manager.token, {
      AssetAudit: id,
    });
    expect(signOffEarly.output).toBe('3 differences are not resolved yet.');
    const byAuditor = await api.call('assetAuditResolve', branch.auditor.token, {
      AssetAudit: id,
      Item: itemOf('MISSING'),
      Resolution: 'INVESTIGATE',
      Note: 'Ask the ward',
    });
    expect(byAuditor.output).toBe('Your role may not sign off asset audits.');
    const moveMissing = await api.call('assetAuditResolve', branch.manager.token, {
      AssetAudit: id,
      Item: itemOf('MISSING'),
      Resolution: 'MOVE_LOCATION',
    });
    expect(moveMissing.output).toBe(
      `${missing.tag} cannot be resolved by Moving the asset to where it was found.`,
    );
    const noNote = await api.call('assetAuditResolve', branch.manager.token, {
      AssetAudit: id,
      Item: itemOf('MISSING'),
      Resolution: 'CONDEMN',
    });
    expect(noNote.flag).toBe(0);

    for (const [item, resolution, note] of [
      [itemOf('FOUND_WRONG_LOCATION'), 'MOVE_LOCATION', undefined],
      [itemOf('MISSING'), 'CONDEMN', 'Not found in any ward; to the condemnation committee'],
      [itemOf('UNEXPECTED'), 'INVESTIGATE', 'Label of the old system; stores to check'],
    ] as const) {
      const answer = await api.call('assetAuditResolve', branch.manager.token, {
        AssetAudit: id,
        Item: item,
        Resolution: resolution,
        Note: note,
      });
      expect(answer.flag, answer.output).toBe(1);
    }
    const twice = await api.call('assetAuditResolve', branch.manager.token, {
      AssetAudit: id,
      Item: itemOf('MISSING'),
      Resolution: 'INVESTIGATE',
      Note: 'again',
    });
    expect(twice.output).toBe('That difference is resolved already.');
    const relocated = await api.db
      .selectFrom('assets')
      .select(['locationId', 'lastAuditedOn'])
      .where('id', '=', moved.id)
      .executeTakeFirstOrThrow();
    expect(relocated).toEqual({ locationId: branch.store, lastAuditedOn: null });

    const signed = await api.call('assetAuditSignOff', branch.manager.token, {
      AssetAudit: id,
      Remarks: 'Counted with the ward sisters',
    });
    expect(signed.flag, signed.output).toBe(1);
    expect(signed.records).toMatchObject({ StatusCode: 'SIGNED_OFF', SignOffFlag: false });
    expect(signed.records?.SignedOffByName).toBeTruthy();
    const assets = await api.db
      .selectFrom('assets')
      .select(['id', 'lastAuditedOn', 'condition'])
      .where('id', 'in', [found.id, moved.id, missing.id])
      .orderBy('id')
      .execute();
    const byId = new Map(assets.map((asset) => [asset.id, asset]));
    expect(byId.get(found.id)).toMatchObject({ lastAuditedOn: today, condition: 'GOOD' });
    expect(byId.get(moved.id)).toMatchObject({ lastAuditedOn: today, condition: 'POOR' });
    expect(byId.get(missing.id)?.lastAuditedOn).toBeNull();
    const events = await api.db
      .selectFrom('assetEvents')
      .select(['assetId', 'kind'])
      .where('assetId', 'in', [found.id, moved.id, missing.id])
      .where('kind', 'like', 'AUDIT%')
      .orderBy('id')
      .execute();
    expect(events).toEqual(
      expect.arrayContaining([
        { assetId: moved.id, kind: 'AUDIT_LOCATION_CORRECTED' },
        { assetId: missing.id, kind: 'AUDIT_CONDEMN' },
        { assetId: found.id, kind: 'AUDITED' },
        { assetId: moved.id, kind: 'AUDITED' },
      ]),
    );
    const log = await api.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'asset_audit')
      .where('entityId', '=', id)
      .orderBy('id')
      .execute();
    expect(log.map((entry) => entry.action)).toEqual([
      'started',
      'submitted',
      'difference resolved',
      'difference resolved',
      'difference resolved',
      'signed off',
    ]);
    const last = await api.call('assetAuditLastAudit', branch.viewer.token, { Asset: found.id });
    expect(last.records).toEqual({
      LastAuditedOn: today,
      AssetAuditId: id,
      AuditNumber: audit.AuditNumber,
    });
    const cancel = await api.call('assetAuditCancel', branch.manager.token, {
      AssetAudit: id,
      Reason: 'too late',
    });
    expect(cancel.output).toBe(
      `Audit ${audit.AuditNumber} is Signed Off: it can no longer be cancelled.`,
    );
  });

  it('counts the audits due for the dashboard and lists them with their filters', async () => {
    const branch = await aBranchWithPeople();
    await anAsset(api.db, { branch: branch.id, location: branch.ward });
    const due = await started(branch);
    const later = await started(branch, branch.store);
    await api.db
      .updateTable('assetAudits')
      .set({ dueDate: '2099-01-01' })
      .where('id', '=', later.AssetAuditId)
      .execute();
    expect(await auditsDue(api.db, [branch.id], today)).toBe(1);
    const cancelled = await api.call('assetAuditCancel', branch.manager.token, {
      AssetAudit: due.AssetAuditId,
      Reason: 'Ward closed for repainting',
    });
    expect(cancelled.records?.StatusCode).toBe('CANCELLED');
    expect(await auditsDue(api.db, [branch.id], today)).toBe(0);
    expect(await auditsDue(api.db, [branch.id], '2098-12-15')).toBe(1);
    const list = await api.call('assetAuditLists', branch.viewer.token, {
      Branch: branch.id,
      Page: 1,
      ItemsPerPage: 10,
      Filters: { Open: true },
    });
    expect(list.records?.TableData.map((row) => row.AuditNumber)).toEqual([later.AuditNumber]);
    expect(list.records?.TableData[0]).toMatchObject({ ScanFlag: false, CancelFlag: false });
  });
});

describe('a photo of an item', () => {
  it('is attached by an auditor as an image checked by content; a PDF is refused', async () => {
    const branch = await aBranchWithPeople();
    const asset = await anAsset(api.db, { branch: branch.id, location: branch.ward });
    const audit = await started(branch);
    const scanned = await scan(branch, audit.AssetAuditId, { code: asset.tag });
    const item = scanned.records?.Item.ItemId;
    const send = async (token: string, file: { name: string; type: string; bytes: Buffer }) => {
      const { body, contentType } = await multipartBody(
        { UserInterface: '1', AssetAudit: String(audit.AssetAuditId), Item: String(item) },
        [{ field: 'File', ...file }],
      );
      const response = await api.app.inject({
        method: 'POST',
        url: `/${legacyCalls.assetAuditPhotoStore.path}`,
        payload: body,
        headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      });
      return response.json() as { flag: number; output: string; records: { PhotoUrl: string } };
    };
    const photo = { name: 'cracked.png', type: 'image/png', bytes: await pngImage(64, 48) };
    const stranger = await send(branch.viewer.token, photo);
    expect(stranger.output).toBe(`You are not an auditor of audit ${audit.AuditNumber}.`);
    const attached = await send(branch.auditor.token, photo);
    expect(attached.flag, attached.output).toBe(1);
    expect(attached.records.PhotoUrl).toMatch(/^files\/asset-audits\/[0-9a-f]+\.png$/);
    const pdf = await send(branch.auditor.token, {
      name: 'photo.pdf',
      type: 'application/pdf',
      bytes: Buffer.from(simplePdf('Not a photo', ['text'])),
    });
    expect(pdf.flag).toBe(0);
  });
});
