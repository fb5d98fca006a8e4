/**
 * The gateway's own cheap guard in front of the legacy server's login throttling: at most so many
 * login attempts per client address per minute, whatever their outcome, in this process. It only
 * stops a flood before it reaches the password hashing upstream; failed logins are counted, per
 * account and per address and shared by every replica, in the legacy server's database. The limit
 * is far above what an office behind one address sends in its busiest minute.
 */
export class LoginFloodGuard {
  readonly #perMinute: number;
  readonly #windows = new Map<string, { count: number; endsAt: number }>();

  constructor(perMinute: number) {
    this.#perMinute = perMinute;
  }

  /** Seconds to wait when the address has used its minute, otherwise null (and the attempt counts). */
  attempt(address: string, now = Date.now()): number | null {
    if (this.#windows.size >= 10_000) this.#sweep(now);
    const window = this.#windows.get(address);
    if (!window || window.endsAt <= now) {
      this.#windows.set(address, { count: 1, endsAt: now + 60_000 });
      return null;
    }
    if (window.count >= this.#perMinute) return Math.ceil((window.endsAt - now) / 1000);
    window.count += 1;
    return null;
  }

  #sweep(now: number): void {
    for (const [address, window] of this.#windows)
      if (window.endsAt <= now) this.#windows.delete(address);
  }
}
