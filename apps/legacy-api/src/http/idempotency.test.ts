import { randomUUID } from 'node:crypto';
import { legacyCalls } from '@branch-assets/legacy-contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pngImage } from '../gallery/test-images.ts';
import { aPurchaseOrder, useBranchLogins } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';
import { HttpRefusal } from './errors.ts';
import { runIdempotent } from './idempotency.ts';

/*
 * Idempotent writes: a state-changing call with an Idempotency-Key happens once per caller and key,
 * and the same key again answers the first answer. The file makes its own branch, logins and
 * orders (test/factories.ts) on a database with only the reference data.
 */

const api = useTestApi({ reference: true });
type Role = 'verifier' | 'admin' | 'manager';
const logins = useBranchLogins(api, ['verifier', 'admin', 'manager'] as const);
const { token } = logins;

/** A new pending order of the file's branch, raised by the manager. */
const pendingOrder = () =>
  aPurchaseOrder(api.db, { branch: logins.branch(), createdBy: logins.userId('manager') });

const verifyBody = (order: Awaited<ReturnType<typeof pendingOrder>>, reason = 'Checked.') => ({
  PurchaseOrder: order.id,
  PurchaseOrderNumber: order.poNumber,
  BilledBranch: order.billedBranchId,
  Status: 1,
  Reason: reason,
});

async function send(
  name: keyof typeof legacyCalls,
  user: Role,
  body: Record<string, unknown>,
  key?: string,
) {
  const response = await api.app.inject({
    method: 'POST',
    url: `/${legacyCalls[name].path}`,
    headers: {
      authorization: `Bearer ${token(user)}`,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: body,
  });
  return {
    status: response.statusCode,
    replayed: response.headers['idempotent-replayed'] === 'true',
    body: response.json() as { flag: number; output: string; records: unknown },
  };
}

const decisions = async (orderId: number) =>
  (await api.count('auditLog', { entity: 'purchase_order', entityId: orderId })) -
  (await api.count('auditLog', { entity: 'purchase_order', entityId: orderId, action: 'Created' }));

describe('Idempotency-Key', () => {
  it('the same key twice: one change, one audit row, the same answer (marked replayed)', async () => {
    const order = await pendingOrder();
    const key = randomUUID();
    const first = await send('purchaseOrderVerify', 'verifier', verifyBody(order), key);
    const again = await send('purchaseOrderVerify', 'verifier', verifyBody(order), key);
    expect(first.body.flag).toBe(1);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await decisions(order.id)).toBe(1);
    // Without the key the repeat is a new request, refused by the order's state.
    const unkeyed = await send('purchaseOrderVerify', 'verifier', verifyBody(order));
    expect(unkeyed.body.flag).toBe(0);
    expect(await decisions(order.id)).toBe(1);
  });

  it('sent at once with one key: one runs, the other waits for it and answers the same', async () => {
    const order = await pendingOrder();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        send('purchaseOrderVerify', 'verifier', verifyBody(order), key),
      ),
    );
    expect(answers.map((answer) => answer.body)).toEqual(Array(4).fill(answers[0]?.body));
    expect(answers[0]?.body.flag).toBe(1);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(await decisions(order.id)).toBe(1);
  });

  it('a refusal is the answer too: the same key again is refused alike, without running again', async () => {
    const order = await pendingOrder();
    const key = randomUUID();
    const refused = await send('purchaseOrderVerify', 'manager', verifyBody(order), key);
    expect(refused.body.flag).toBe(0);
    // The verifier could verify it, but under the manager's key nothing runs again.
    const again = await send('purchaseOrderVerify', 'manager', verifyBody(order), key);
    expect(again).toEqual({ ...refused, replayed: true });
    expect(await decisions(order.id)).toBe(0);
  });

  it("another caller's same key is independent of the first", async () => {
    const first = await pendingOrder();
    const second = await pendingOrder();
    const key = randomUUID();
    expect((await send('purchaseOrderVerify', 'verifier', verifyBody(first), key)).body.flag).toBe(
      1,
    );
    const admin = await send('purchaseOrderVerify', 'admin', verifyBody(second), key);
    expect(admin.body.flag).toBe(1);
    expect(admin.replayed).toBe(false);
    expect(await decisions(second.id)).toBe(1);
  });

  it('the same key with a different request is 422 and changes nothing', async () => {
    const order = await pendingOrder();
    const other = await pendingOrder();
    const key = randomUUID();
    await send('purchaseOrderVerify', 'verifier', verifyBody(order), key);
    const misused = await send('purchaseOrderVerify', 'verifier', verifyBody(other), key);
    expect(misused.status).toBe(422);
    expect(misused.body.output).toBe(
      'This Idempotency-Key was used for a different request. Send a new key for a new request.',
    );
    expect(await decisions(other.id)).toBe(0);
  });

  it('a key older than a day is a new request', async () => {
    const key = randomUUID();
    const name = `Idempotent ${key.slice(0, 8)}`;
    const store = () => send('designationStore', 'admin', { DesignationName: name }, key);
    expect((await store()).body.flag).toBe(1);
    await api.db
      .updateTable('idempotencyKeys')
      .set({ createdAt: sql<Date>`now() - interval '25 hours'` })
      .where('key', '=', key)
      .execute();
    // Run again: refused now by the name already there, not replayed.
    const later = await store();
    expect(later.replayed).toBe(false);
    expect(later.body.output).toMatch(/already exists/);
    expect(await api.count('designations', { name })).toBe(1);
  });

  it('a malformed key is 422 before anything runs; API version 2 sends it in the body', async () => {
    const order = await pendingOrder();
    for (const key of ['has space', 'x'.repeat(256), 'naïve']) {
      const answer = await send('purchaseOrderVerify', 'verifier', verifyBody(order), key);
      expect(answer.status).toBe(422);
      expect(answer.body.output).toBe(
        'Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID',
      );
    }
    expect(await decisions(order.id)).toBe(0);
    const key = randomUUID();
    const form = new URLSearchParams({
      token: token('verifier'),
      IdempotencyKey: key,
      ...Object.fromEntries(
        Object.entries(verifyBody(order)).map(([field, value]) => [field, String(value)]),
      ),
    }).toString();
    const post = () =>
      api.app.inject({
        method: 'POST',
        url: `/${legacyCalls.purchaseOrderVerify.path}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
    const first = await post();
    const again = await post();
    expect(first.json()).toMatchObject({ flag: 1 });
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await decisions(order.id)).toBe(1);
  });

  it('an upload with a key stores one image however often it is sent', async () => {
    const key = randomUUID();
    const title = `Idempotent upload ${key.slice(0, 8)}`;
    const image = await pngImage(40, 30);
    const upload = async () => {
      const boundary = `----idem${key.slice(0, 8)}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="Title"\r\n\r\n${title}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="Kind"\r\n\r\nasset_photo\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await api.app.inject({
        method: 'POST',
        url: `/${legacyCalls.galleryStore.path}`,
        headers: {
          authorization: `Bearer ${token('admin')}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'idempotency-key': key,
        },
        payload,
      });
      return response;
    };
    const first = await upload();
    const again = await upload();
    expect(first.json()).toMatchObject({ flag: 1 });
    expect(again.json()).toEqual(first.json());
    expect(await api.count('galleryImages', { title })).toBe(1);
  });

  it('a read ignores the key', async () => {
    const key = randomUUID();
    const answer = await send('me', 'admin', {}, key);
    expect(answer.body.flag).toBe(1);
    expect(await api.count('idempotencyKeys', { key })).toBe(0);
  });
});

describe('a write that fails', () => {
  const reply = { header: () => reply } as unknown as Parameters<typeof runIdempotent>[1];
  const claimFor = async (key: string) => ({
    userId: logins.userId('admin'),
    key,
    call: 'starredPagesStore',
    fingerprint: 'same request',
  });
  const starred = (link: string) => api.count('starredPages', { menuLink: link });

  it('after its transaction committed: the change stands and a repeat is told so, never run again', async () => {
    const claim = await claimFor(randomUUID());
    const link = `/committed/${claim.key}`;
    const userId = claim.userId;
    const failing = (db: Parameters<Parameters<typeof runIdempotent>[3]>[0]) =>
      db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('starredPages').values({ userId, menuLink: link }).execute();
          return { output: 'stored', records: null };
        })
        .then(() => {
          throw new Error('the answer could not be made');
        });
    await expect(runIdempotent(api.db, reply, claim, failing)).rejects.toThrow('the answer');
    expect(await starred(link)).toBe(1);
    // As a process that died between its change and its answer leaves it, once that is clear.
    await api.db
      .updateTable('idempotencyKeys')
      .set({ createdAt: sql<Date>`now() - interval '6 minutes'` })
      .where('key', '=', claim.key)
      .execute();
    const repeat = runIdempotent(api.db, reply, claim, failing);
    await expect(repeat).rejects.toBeInstanceOf(HttpRefusal);
    await expect(repeat).rejects.toMatchObject({
      statusCode: 409,
      output:
        'This request was carried out, but its answer was lost. Reload to see the result; do not repeat it.',
    });
    expect(await starred(link)).toBe(1);
  });

  it('before anything committed: the key is given up, and the repeat runs', async () => {
    const claim = await claimFor(randomUUID());
    const link = `/rolled-back/${claim.key}`;
    const userId = claim.userId;
    let runs = 0;
    const write = (db: Parameters<Parameters<typeof runIdempotent>[3]>[0]) =>
      db.transaction().execute(async (trx) => {
        runs += 1;
        await trx.insertInto('starredPages').values({ userId, menuLink: link }).execute();
        if (runs === 1) throw new Error('the database went away');
        return { output: 'stored', records: null };
      });
    await expect(runIdempotent(api.db, reply, claim, write)).rejects.toThrow('went away');
    expect(await starred(link)).toBe(0);
    await expect(runIdempotent(api.db, reply, claim, write)).resolves.toEqual({
      output: 'stored',
      records: null,
    });
    expect(await starred(link)).toBe(1);
    expect(runs).toBe(2);
  });

  it('refused as busy (429): the key is given up, so the same request may come again', async () => {
    const claim = await claimFor(randomUUID());
    let runs = 0;
    const busyOnce = async () => {
      runs += 1;
      if (runs === 1) throw new HttpRefusal(429, 'The server is busy.', { retryAfterSeconds: 60 });
      return { output: 'done', records: null };
    };
    await expect(runIdempotent(api.db, reply, claim, busyOnce)).rejects.toMatchObject({
      statusCode: 429,
    });
    await expect(runIdempotent(api.db, reply, claim, busyOnce)).resolves.toEqual({
      output: 'done',
      records: null,
    });
    expect(runs).toBe(2);
  });

  it('a claim left running by a process that died is taken over after five minutes', async () => {
    const claim = await claimFor(randomUUID());
    await api.db
      .insertInto('idempotencyKeys')
      .values({ ...claim, state: 'running', createdAt: sql<Date>`now() - interval '6 minutes'` })
      .execute();
    await expect(
      runIdempotent(api.db, reply, claim, async () => ({ output: 'done', records: null })),
    ).resolves.toEqual({ output: 'done', records: null });
    const stored = await api.db
      .selectFrom('idempotencyKeys')
      .select('state')
      .where('key', '=', claim.key)
      .executeTakeFirstOrThrow();
    expect(stored.state).toBe('done');
  });
});
