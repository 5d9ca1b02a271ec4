import type { Db } from '../../db/client';

/**
 * How many reserved messages use a send list. The send lists module cannot know messages; the
 * messages module registers a counter here when it lands, and POST …/sendlist/reserved adds up
 * what every registered counter answers (zero while none is registered).
 */
export type ReservedCounter = (input: {
  db: Db;
  channelId: number;
  sendlistIds: number[];
}) => Promise<Map<number, number>>;

export class ReservedCounters {
  private readonly counters: ReservedCounter[] = [];

  register(counter: ReservedCounter): void {
    this.counters.push(counter);
  }

  async count(db: Db, channelId: number, sendlistIds: number[]): Promise<Map<number, number>> {
    const totals = new Map(sendlistIds.map((id) => [id, 0]));
    for (const counter of this.counters) {
      const counts = await counter({ db, channelId, sendlistIds });
      for (const [id, n] of counts) if (totals.has(id)) totals.set(id, (totals.get(id) ?? 0) + n);
    }
    return totals;
  }
}
