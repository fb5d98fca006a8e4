/**
 * Counts failed login attempts in fixed windows, per account and per client address, in this
 * process. Only failures count: a branch office behind one shared address logs in every morning,
 * and its successful logins must never lock it out. An attempt is counted when it starts (so that a
 * burst of guesses sent at once cannot slip past the limit together) and taken back when it
 * succeeds, or when it ends without an answer on the password (the legacy server unreachable).
 *
 * Behind a load balancer each replica counts on its own, so the effective limit is the configured
 * one times the number of replicas; counting in the legacy server's database, shared by every
 * replica, is the next step (issue 13).
 */
export class LoginLimiter {
  readonly #windowMs: number;
  readonly #limits: { account: number; address: number };
  readonly #counts = new Map<string, { count: number; resetAt: number }>();

  constructor(options: { windowMinutes: number; perAccount: number; perAddress: number }) {
    this.#windowMs = options.windowMinutes * 60_000;
    this.#limits = { account: options.perAccount, address: options.perAddress };
  }

  /**
   * Seconds to wait when the account or the address has reached its limit of failures, otherwise
   * null, and the attempt is counted until it is known not to have failed (`succeeded`, `unanswered`).
   */
  attempt(account: string, address: string, now = Date.now()): number | null {
    this.#sweep(now);
    const keys = this.#keys(account, address);
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

  /** A successful login: the account's failures are forgotten, and this attempt was not one. */
  succeeded(account: string, address: string): void {
    this.#counts.delete(`account:${normalised(account)}`);
    this.#takeBack(`address:${address}`);
  }

  /** An attempt that got no answer on the password (the server unreachable): not a failure. */
  unanswered(account: string, address: string): void {
    for (const { key } of this.#keys(account, address)) this.#takeBack(key);
  }

  #keys(account: string, address: string) {
    return [
      { key: `account:${normalised(account)}`, limit: this.#limits.account },
      { key: `address:${address}`, limit: this.#limits.address },
    ];
  }

  #takeBack(key: string): void {
    const entry = this.#counts.get(key);
    if (!entry) return;
    entry.count -= 1;
    if (entry.count <= 0) this.#counts.delete(key);
  }

  #sweep(now: number): void {
    if (this.#counts.size < 10_000) return;
    for (const [key, entry] of this.#counts) if (entry.resetAt <= now) this.#counts.delete(key);
  }
}

function normalised(account: string): string {
  return account.trim().toLowerCase();
}
