import type { VisitorRow } from './rollup-batch';

/** Keys remembered at most (about 20 MB); past it the oldest day's are forgotten first. */
const MAX_KEYS = 100_000;

/**
 * The visitor rows (code, day, hash) one writer already stored, so a code read again and again by the
 * same people does not re-insert its visitors on every flush only to be told they exist
 * (bench:redirect, 12,000 codes: a fifth of the flush's rows). Forgetting is always safe: an
 * unknown visitor is inserted and the database's unique key answers as before.
 */
export class KnownVisitors {
  private readonly byDay = new Map<string, Set<string>>();
  private size = 0;

  /** The rows of `visitors` not known to be stored. */
  unknown(visitors: Map<string, VisitorRow>): Map<string, VisitorRow> {
    return new Map([...visitors].filter(([key, v]) => !this.byDay.get(v.day)?.has(key)));
  }

  /** Remembers rows now stored (after their transaction committed). */
  remember(visitors: Map<string, VisitorRow>): void {
    for (const [key, v] of visitors) {
      let day = this.byDay.get(v.day);
      if (!day) {
        day = new Set();
        this.byDay.set(v.day, day);
      }
      if (day.has(key)) continue;
      day.add(key);
      this.size += 1;
    }
    while (this.size > MAX_KEYS) this.forgetOldestDay();
  }

  /** Only the days whose unique users can still grow are worth remembering. */
  keepDays(days: readonly string[]): void {
    for (const day of [...this.byDay.keys()]) if (!days.includes(day)) this.forget(day);
  }

  private forgetOldestDay(): void {
    const oldest = [...this.byDay.keys()].sort()[0];
    if (oldest !== undefined) this.forget(oldest);
  }

  private forget(day: string): void {
    this.size -= this.byDay.get(day)?.size ?? 0;
    this.byDay.delete(day);
  }
}
