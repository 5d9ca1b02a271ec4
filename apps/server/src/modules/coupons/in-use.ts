import type { Queryable } from '../../db/queryable';

/**
 * Answers which of a channel's coupons may not be deleted now (E-715: linked to a message not
 * yet sent). The messages module registers one when it lands; each check reads its own tables.
 */
export type CouponInUseCheck = (
  db: Queryable,
  input: { channelId: number; couponIds: readonly number[] },
) => Promise<readonly number[]>;

/** The extension point behind E-715: modules that link coupons register a check here. */
export class CouponUseChecks {
  private readonly checks = new Set<CouponInUseCheck>();

  /** Adds a check; the returned function removes it again. */
  register(check: CouponInUseCheck): () => void {
    this.checks.add(check);
    return () => this.checks.delete(check);
  }

  /** The ids, among `couponIds`, that some registered check reports as in use. */
  async inUse(
    db: Queryable,
    input: { channelId: number; couponIds: readonly number[] },
  ): Promise<Set<number>> {
    const used = new Set<number>();
    for (const check of this.checks) for (const id of await check(db, input)) used.add(id);
    return used;
  }
}
