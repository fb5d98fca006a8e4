import { describe, expect, it } from 'vitest';
import { type QueuedScan, ScanQueue, type ScanStorage, type SendOutcome } from './scanQueue.ts';

/** A storage like the browser's, in memory, that a second queue (another tab) can share. */
function memoryStorage(): ScanStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, value);
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}

const scan = (n: number): QueuedScan => ({
  scanId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  auditId: '7',
  code: `CHN-ANN-00000${n}`,
  scannedAt: '2026-11-26T10:00:00.000Z',
});

describe('ScanQueue', () => {
  it('keeps scans across a reload and sends them oldest first, each once', async () => {
    const storage = memoryStorage();
    new ScanQueue(storage, '7').add(scan(1));
    new ScanQueue(storage, '7').add(scan(2));
    const queue = new ScanQueue(storage, '7');
    queue.add(scan(1)); // the same scan again (a double tap) is one scan
    expect(queue.pending().map((queued) => queued.code)).toEqual([
      'CHN-ANN-000001',
      'CHN-ANN-000002',
    ]);
    const sent: string[] = [];
    const result = await queue.flush(async (queued) => {
      sent.push(queued.scanId);
      return 'answered';
    });
    expect(result).toEqual({ sent: 2, left: 0 });
    expect(sent).toEqual([scan(1).scanId, scan(2).scanId]);
    expect(storage.entries.size).toBe(0);
  });

  it('stops at the first scan that cannot reach the server and keeps it and those after it', async () => {
    const storage = memoryStorage();
    const queue = new ScanQueue(storage, '7');
    for (const n of [1, 2, 3]) queue.add(scan(n));
    let online = true;
    const send = async (queued: QueuedScan): Promise<SendOutcome> => {
      if (queued.scanId === scan(2).scanId) online = false;
      return online ? 'answered' : 'unreachable';
    };
    expect(await queue.flush(send)).toEqual({ sent: 1, left: 2 });
    expect(queue.pending().map((queued) => queued.scanId)).toEqual([
      scan(2).scanId,
      scan(3).scanId,
    ]);
    // Back online: the rest go, none lost, none twice.
    const seen: string[] = [];
    expect(
      await queue.flush(async (queued) => {
        seen.push(queued.scanId);
        return 'answered';
      }),
    ).toEqual({ sent: 2, left: 0 });
    expect(seen).toEqual([scan(2).scanId, scan(3).scanId]);
  });

  it('joins a flush already running instead of sending the same scans twice', async () => {
    const queue = new ScanQueue(memoryStorage(), '7');
    queue.add(scan(1));
    queue.add(scan(2));
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = async (queued: QueuedScan): Promise<SendOutcome> => {
      sent.push(queued.scanId);
      await gate;
      return 'answered';
    };
    const first = queue.flush(send);
    const second = queue.flush(send);
    release();
    expect(await first).toEqual(await second);
    expect(sent).toEqual([scan(1).scanId, scan(2).scanId]);
  });

  it('sends what is added after a flush of an empty queue (the screen flushes as it opens)', async () => {
    const queue = new ScanQueue(memoryStorage(), '7');
    const sent: string[] = [];
    const send = async (queued: QueuedScan): Promise<SendOutcome> => {
      sent.push(queued.scanId);
      return 'answered';
    };
    expect(await queue.flush(send)).toEqual({ sent: 0, left: 0 });
    queue.add(scan(1));
    expect(await queue.flush(send)).toEqual({ sent: 1, left: 0 });
    expect(sent).toEqual([scan(1).scanId]);
  });

  it('keeps a scan added while a flush runs, and drops a damaged entry', async () => {
    const storage = memoryStorage();
    const queue = new ScanQueue(storage, '7');
    queue.add(scan(1));
    await queue.flush(async () => {
      queue.add(scan(2));
      return 'answered';
    });
    expect(queue.pending()).toEqual([]);
    storage.setItem('branch-assets.audit-scans.8', '{not json');
    expect(new ScanQueue(storage, '8').pending()).toEqual([]);
    storage.setItem('branch-assets.audit-scans.9', JSON.stringify([{ nonsense: true }, scan(3)]));
    expect(new ScanQueue(storage, '9').pending()).toEqual([scan(3)]);
  });
});
