import {
  aBranch,
  aLogin,
  anAccessory,
  anAsset,
  anAssetLocation,
  anAssetType,
} from '@branch-assets/legacy-api/testing';
import {
  type CallInput,
  type CallRecords,
  type LegacyCallName,
  legacyCalls,
} from '@branch-assets/legacy-contract';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PageContent, readPages, type Shown } from '../labels/pdf-reader.ts';
import { type Client, type Login, tokenFor, useStack } from '../test/harness.ts';
import { indiaDateTime } from './gate-pass-pdf.ts';
import { gatePassUrl } from './routes.ts';

/*
 * The gate pass through the gateway, over a real legacy-api: a transfer requested by a manager of
 * the source branch, approved by a second one, dispatched, and printed for a user of the
 * destination; refused before dispatch and to a user of neither branch.
 */

const stack = useStack([]);

const VEHICLE = 'TN 09 AB 1234 (hospital van)';
const REASON = 'ICU expansion at the destination';
const ASSET_HEADER = 'S.No Asset tag Asset name Serial No.';

interface Made {
  from: number;
  to: number;
  requester: string;
  approver: string;
  type: { id: number; brandId: number };
  location: number;
  destination: Client;
  outsider: Client;
}
let made: Made | undefined;
const setup = (): Made => {
  if (!made) throw new Error('made in beforeAll');
  return made;
};

const tokenOf = (login: Login) => tokenFor(stack.gateway.url, login.username, login.password);

beforeAll(async () => {
  const from = await aBranch(stack.db);
  // A destination named in Tamil: its name is drawn in the Tamil face.
  const to = await aBranch(stack.db, { name: 'அண்ணா நகர் கிளை' });
  const elsewhere = await aBranch(stack.db);
  made = {
    from: from.id,
    to: to.id,
    requester: await tokenOf(await aLogin(stack.db, { role: 'manager', branches: [from.id] })),
    approver: await tokenOf(await aLogin(stack.db, { role: 'manager', branches: [from.id] })),
    type: await anAssetType(stack.db),
    location: (await anAssetLocation(stack.db, { branch: from.id })).id,
    destination: await stack.clientOf(
      await aLogin(stack.db, { role: 'viewer', branches: [to.id] }),
    ),
    outsider: await stack.clientOf(
      await aLogin(stack.db, { role: 'manager', branches: [elsewhere.id] }),
    ),
  };
});

/** A call straight to legacy-api with a user's token; it must succeed. */
async function legacy<Name extends LegacyCallName>(
  name: Name,
  token: string,
  body: Omit<CallInput<Name>, 'UserInterface'>,
): Promise<CallRecords<Name>> {
  const response = await fetch(`${stack.legacy.url}/${legacyCalls[name].path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ UserInterface: 1, ...body }),
  });
  const answer = (await response.json()) as { flag: number; output: string; records: unknown };
  expect(answer.flag, `${name}: ${answer.output}`).toBe(1);
  return answer.records as CallRecords<Name>;
}

async function assets(count: number) {
  const { from, type, location } = setup();
  const made: { id: number; tag: string; name: string }[] = [];
  for (let i = 0; i < count; i++)
    made.push(await anAsset(stack.db, { branch: from, type, location, status: 'IN_STOCK' }));
  return made;
}

/** A transfer requested, approved by a second manager and, unless told, dispatched. */
async function aTransfer(
  moved: readonly { id: number }[],
  accessories: { Accessory: number; Quantity: number }[] = [],
  dispatch = true,
) {
  const { from, to, requester, approver } = setup();
  const requested = await legacy('assetTransferStore', requester, {
    FromBranch: from,
    ToBranch: to,
    Assets: moved.map((asset) => asset.id),
    Accessories: accessories,
    Reason: REASON,
  });
  const id = requested.AssetTransferId;
  await legacy('assetTransferDecide', approver, { AssetTransfer: id, Decision: 'APPROVE' });
  if (!dispatch) return requested;
  return legacy('assetTransferDispatch', requester, { AssetTransfer: id, Vehicle: VEHICLE });
}

async function pagesOf(response: Response): Promise<PageContent[]> {
  return readPages(await PDFDocument.load(new Uint8Array(await response.arrayBuffer())));
}

/** A page's lines of text, top to bottom: what shares a baseline, joined left to right. */
function linesOf(page: PageContent): string[] {
  const lines = new Map<number, Shown[]>();
  for (const shown of page.shown) {
    const key = Math.round(shown.baseline * 10);
    lines.set(key, [...(lines.get(key) ?? []), shown]);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, shown]) => {
      const sorted = shown.toSorted((a, b) => a.box.left - b.box.left);
      return sorted.reduce(
        (text, s, i) =>
          text + (i > 0 && s.box.left - (sorted[i - 1]?.box.right ?? 0) > 0.5 ? ' ' : '') + s.text,
        '',
      );
    });
}

async function refusal(response: Response): Promise<{ code: string; message: string }> {
  const { error } = (await response.json()) as { error: { code: string; message: string } };
  return error;
}

describe('GET /asset-transfers/<id>/gate-pass.pdf', () => {
  it('prints a dispatched transfer for a user of the destination: numbers, route, vehicle, items, totals, signatures', async () => {
    const { from, destination, requester } = setup();
    const moved = await assets(2);
    const pads = await anAccessory(stack.db, { stock: { branch: from, onHand: 10 } });
    const sent = await aTransfer(moved, [{ Accessory: pads.id, Quantity: 4 }]);
    const gatePass = sent.GatePassNumber ?? '';
    expect(gatePass).toMatch(/^GP\//);
    expect(sent.DispatchedAt).not.toBeNull();

    const response = await destination.fetch(gatePassUrl(sent.AssetTransferId));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="GatePass_${gatePass.replaceAll('/', '-')}.pdf"`,
    );
    const pages = await pagesOf(response);
    expect(pages).toHaveLength(1);
    const [page] = pages;
    if (!page) throw new Error('no page');
    expect(page.width).toBeCloseTo(595.28, 1);
    expect(page.height).toBeCloseTo(841.89, 1);
    const lines = linesOf(page);
    const text = lines.join('\n');

    expect(text).toContain('Gate Pass');
    expect(text).toContain(`Gate pass No. ${gatePass}`);
    expect(text).toContain(`Transfer No. ${sent.TransferNumber}`);
    // India is UTC+5:30 the year round.
    const india = new Date(new Date(sent.DispatchedAt ?? '').getTime() + 330 * 60_000);
    const [date = '', time = ''] = india.toISOString().split('T');
    const expected = `${date.split('-').reverse().join('-')} ${time.slice(0, 5)}`;
    expect(text).toContain(`Dispatched on ${expected}`);
    expect(lines).toContain('FROM TO');
    expect(text).toContain(sent.FromBranchName);
    expect(text).toContain(`Vehicle / courier ${VEHICLE}`);
    expect(text).toContain(`Reason ${REASON}`);
    expect(lines).toContain(ASSET_HEADER);
    for (const [i, asset] of sent.Assets.entries()) {
      expect(lines).toContain(
        `${i + 1} ${asset.AssetTag} ${asset.AssetName} ${asset.SerialNumber}`,
      );
    }
    expect(lines).toContain('S.No Accessory Quantity');
    expect(lines).toContain(`1 ${pads.name} 4 Nos`);
    expect(lines).toContain('Total: 2 assets, 4 accessory units');
    expect(lines).toContain('Dispatched by Security (gate) Received by');
    expect(text).toContain(`Dispatched by ${sent.DispatchedByName}`);
    expect(lines.at(-1)).toBe(`${gatePass} Page 1 of 1`);

    // The destination's Tamil name, in the Tamil face.
    const tamil = page.shown.filter((s) => /[\u0B80-\u0BFF]/.test(s.text));
    expect(tamil.length).toBeGreaterThan(0);
    expect(new Set(tamil.map((s) => s.font.replace(/^[A-Z]{6}\+/, '')))).toEqual(
      new Set(['NotoSansTamil-Bold', 'NotoSansTamil-Regular']),
    );

    // The source branch prints the same pass.
    const tokenResponse = await fetch(`${stack.gateway.url}${gatePassUrl(sent.AssetTransferId)}`, {
      headers: { authorization: `Bearer ${requester}` },
    });
    expect(tokenResponse.status).toBe(200);
  });

  it('refuses a transfer not yet dispatched', async () => {
    const approved = await aTransfer(await assets(1), [], false);
    expect(approved.GatePassNumber).toBeNull();
    const response = await setup().destination.fetch(gatePassUrl(approved.AssetTransferId));
    expect(response.status).toBe(422);
    expect(await refusal(response)).toMatchObject({
      code: 'REJECTED',
      message: 'A transfer has its gate pass once it is dispatched.',
    });
  });

  it('refuses a user of neither branch, a visitor, and an id that is not one', async () => {
    const sent = await aTransfer(await assets(1));
    const outsider = await setup().outsider.fetch(gatePassUrl(sent.AssetTransferId));
    expect(outsider.status).toBe(422);
    expect(await refusal(outsider)).toMatchObject({
      code: 'REJECTED',
      message: 'Asset transfer not found.',
    });
    const visitor = await stack.visitor().fetch(gatePassUrl(sent.AssetTransferId));
    expect(visitor.status).toBe(401);
    const bad = await setup().destination.fetch(gatePassUrl('abc'));
    expect(bad.status).toBe(400);
  });

  it('breaks 60 assets across pages, the header row and "Page n of m" on every one', async () => {
    const sent = await aTransfer(await assets(60));
    const gatePass = sent.GatePassNumber ?? '';
    const response = await setup().destination.fetch(gatePassUrl(sent.AssetTransferId));
    expect(response.status).toBe(200);
    const pages = await pagesOf(response);
    expect(pages.length).toBeGreaterThan(1);
    const seen: number[] = [];
    pages.forEach((page, i) => {
      const lines = linesOf(page);
      expect(lines.at(-1)).toBe(`${gatePass} Page ${i + 1} of ${pages.length}`);
      if (i > 0)
        expect(lines[0]).toBe(`Gate Pass ${gatePass} · Transfer ${sent.TransferNumber} continued`);
      const rows = lines.flatMap((line, at) => {
        const match = /^(\d+) (\S+) /.exec(line);
        const tag = match?.[2];
        return match && sent.Assets.some((a) => a.AssetTag === tag)
          ? [{ at, no: Number(match[1]) }]
          : [];
      });
      if (rows.length > 0) {
        const header = lines.indexOf(ASSET_HEADER);
        expect(header).toBeGreaterThanOrEqual(0);
        expect(header).toBeLessThan(rows[0]?.at ?? 0);
      }
      seen.push(...rows.map((row) => row.no));
      for (const shown of page.shown) {
        expect(shown.box.left).toBeGreaterThanOrEqual(0);
        expect(shown.box.right).toBeLessThanOrEqual(page.width);
      }
    });
    expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const text = pages.flatMap(linesOf).join('\n');
    expect(text).toContain('Total: 60 assets, 0 accessory units');
    expect(text).toContain('Dispatched by Security (gate) Received by');
  });
});

describe('indiaDateTime', () => {
  it("shows a moment on India's clock, the next day when UTC is still on the previous", () => {
    expect(indiaDateTime('2026-04-01T20:15:00Z')).toBe('02-04-2026 01:45');
    expect(indiaDateTime('2026-04-01T18:30:00.000Z')).toBe('02-04-2026 00:00');
    expect(indiaDateTime('2026-04-01T09:05:00+05:30')).toBe('01-04-2026 09:05');
    expect(indiaDateTime(null)).toBe('—');
  });
});
