/**
 * Counts login attempts in fixed windows, per account and per client address, in this process.
 * Behind a load balancer each replica counts on its own, so the effective limit is the configured
 * one times the number of replicas; still enough to stop guessing. (A shared store would be the
 * next step if that ever matters.)
 */
export class LoginLimiter {
  readonly #windowMs: number;
  readonly #limits: { account: number; address: number };
  readonly #counts = new Map<string, { count: number; resetAt: number }>();

  constructor(options: { windowMinutes: number; perAccount: number; perAddress: number }) {
    this.#windowMs = options.windowMinutes * 60_000;
    this.#limits = { account: options.perAccount, address: options.perAddress };
  }

  /** Seconds to wait when either limit is reached, otherwise null (and the attempt is counted). */
  attempt(account: string, address: string, now = Date.now()): number | null {
    this.#sweep(now);
    const keys = [
      { key: `account:${account.trim().toLowerCase()}`, limit: this.#limits.account },
      { key: `address:${address}`, limit: this.#limits.address },
    ];
    for (const { key, limit } of keys) {
      const entry = this.#counts.get(key);
      if (entry && entry.resetAt > now && entry.count >= limit)
        return Math.ceil((entry.resetAt - now) / 1000);
    }
    for (const { key } of keys) {
      const entry = this.#counts.get(key);
      if (entry && entry.resetAt > now) entry.count += 1;
      else this.#counts.set(key, { count: 1, resetAt: now + this.#windowMs });
    }
    return null;
  }

  /** A successful login clears the account's count (not the address's). */
  succeeded(account: string): void {
    this.#counts.delete(`account:${account.trim().toLowerCase()}`);
  }

  #sweep(now: number): void {
    if (this.#counts.size < 10_000) return;
    for (const [key, entry] of this.#counts) if (entry.resetAt <= now) this.#counts.delete(key);
  }
}
