/*
 * The scans of an audit waiting to reach the server, kept in the browser (localStorage) so that a
 * phone counting in a basement with no signal loses none of them, even if the page is closed
 * (docs/workflows.md, "Physical audit"). Each scan carries its own UUID, made when it was read:
 * the server records a scan id once, so sending a scan twice — the answer lost on the way back,
 * two tabs flushing the same queue — counts it once. A scan leaves the queue only when the server
 * has answered it (recorded, or refused for good); a failure to reach the server keeps it, and
 * everything after it, for the next try.
 */

export interface QueuedScan {
  scanId: string;
  auditId: string;
  /** What the label said, or… */
  code?: string;
  /** …the asset ticked on the list. */
  assetId?: string;
  locationId?: string;
  condition?: 'GOOD' | 'FAIR' | 'POOR';
  remarks?: string;
  /** When the phone read it (ISO). */
  scannedAt: string;
}

/** What sending one scan came to: answered (kept by the server or refused for good), or not reached. */
export type SendOutcome = 'answered' | 'unreachable';

/** The part of Storage the queue uses (localStorage in the browser, a map in tests). */
export type ScanStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'branch-assets.audit-scans.';

/** A scan id: the browser's UUID (crypto.randomUUID needs a secure context, which the app has). */
export function newScanId(): string {
  return crypto.randomUUID();
}

function isQueuedScan(value: unknown): value is QueuedScan {
  if (typeof value !== 'object' || value === null) return false;
  const scan = value as Record<string, unknown>;
  return (
    typeof scan.scanId === 'string' &&
    typeof scan.auditId === 'string' &&
    typeof scan.scannedAt === 'string'
  );
}

export class ScanQueue {
  private readonly storage: ScanStorage;
  private readonly key: string;
  private running: Promise<{ sent: number; left: number }> | null = null;

  constructor(storage: ScanStorage, auditId: string) {
    this.storage = storage;
    this.key = `${PREFIX}${auditId}`;
  }

  /** The scans not answered yet, oldest first. A damaged entry is dropped rather than kept forever. */
  pending(): QueuedScan[] {
    const text = this.storage.getItem(this.key);
    if (!text) return [];
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed.filter(isQueuedScan) : [];
    } catch {
      return [];
    }
  }

  private save(scans: readonly QueuedScan[]): void {
    if (scans.length === 0) this.storage.removeItem(this.key);
    else this.storage.setItem(this.key, JSON.stringify(scans));
  }

  /** Keeps a scan (written before anything is sent, so a closed page cannot lose it). */
  add(scan: QueuedScan): void {
    const scans = this.pending();
    if (scans.some((queued) => queued.scanId === scan.scanId)) return;
    this.save([...scans, scan]);
  }

  /**
   * Sends the waiting scans one by one, oldest first; each answered scan leaves the queue at once.
   * Stops at the first that cannot reach the server (the rest wait for the next flush). A flush
   * asked for while one runs joins it.
   */
  flush(send: (scan: QueuedScan) => Promise<SendOutcome>): Promise<{ sent: number; left: number }> {
    if (this.running) return this.running;
    // Cleared in a callback of its own, after `running` is set: a drain with nothing to send
    // settles at once, and clearing inside it would leave the settled promise in place for good.
    const run = this.drain(send).finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  private async drain(
    send: (scan: QueuedScan) => Promise<SendOutcome>,
  ): Promise<{ sent: number; left: number }> {
    let sent = 0;
    for (;;) {
      const [next] = this.pending();
      if (!next) break;
      const outcome = await send(next);
      if (outcome === 'unreachable') break;
      this.save(this.pending().filter((scan) => scan.scanId !== next.scanId));
      sent += 1;
    }
    return { sent, left: this.pending().length };
  }
}
