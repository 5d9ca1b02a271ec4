import { MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { readLong } from '../../db/long-reads';
import { PUSH_STATES } from './claimed-push';
import { ITEM_KINDS, ITEMS } from './items';
import { type LineGroup, pushesAheadInLine } from './push-line';

/** At most this many reserved sends are read ahead of a send (the earliest first). */
const RESERVED_AHEAD_MAX = 1000;

/**
 * The pushes the sweep sends ahead of a send whose pushes join its line at `at` (Unix ms): those
 * waiting now (due by `at`), and those of the sends reserved to go between now and `at` (their
 * expected pushes, stored at their reservation), each channel's with its quiet hours, as the sweep
 * works the line off at `perSecond` from now (push-line.ts). A send reserved for the same moment is
 * not counted: which of two goes first is not known.
 */
export async function pushesAhead(
  db: Db,
  input: { now: number; at: number; perSecond: number },
): Promise<number> {
  const [waiting, reserved] = await Promise.all([
    pushesWaiting(db, input.at),
    reservedPushes(db, input.now, input.at),
  ]);
  return pushesAheadInLine([...waiting, ...reserved], {
    now: input.now,
    joinAt: input.at,
    perSecond: input.perSecond,
  });
}

/**
 * Pushes already waiting to go by `at` (Unix ms), per channel, joining the line at the earliest
 * of them: pending rows of both kinds due by then, which the push sweep claims before a send due
 * at `at` (it claims by due time, welcome pushes first). Counted per item on each kind's partial
 * index of pending rows (migration 0022; its state written as a literal, or neither database could
 * match the index's condition), so only waiting rows are read, then those few counts joined to
 * their channels. A batch being pushed right now is leased a little into the future and not counted.
 */
async function pushesWaiting(db: Db, at: number): Promise<LineGroup[]> {
  const perKind = await Promise.all(
    ITEM_KINDS.map((kind) => {
      const { deliveries, table, itemColumn } = ITEMS[kind];
      const query = sql<WaitingRow>`
        select c.quiet_hours, c.quiet_start, c.quiet_end, min(d.due) as due, sum(d.n) as n
        from (select ${sql.ref(itemColumn)} as item, min(push_due_at) as due, count(*) as n
              from ${sql.table(deliveries)}
              where push_state = ${sql.lit(PUSH_STATES.pending)} and push_due_at <= ${at}
              group by ${sql.ref(itemColumn)}) as d
        join ${sql.table(table)} as i on i.id = d.item
        join channels as c on c.id = i.channel_id
        group by c.id, c.quiet_hours, c.quiet_start, c.quiet_end`.compile(db.kysely);
      return readLong(db, query);
    }),
  );
  return perKind.flat().map((r) => ({
    at: Number(r.due),
    pushes: Number(r.n),
    quiet: {
      quiet_hours: Number(r.quiet_hours),
      quiet_start: Number(r.quiet_start),
      quiet_end: Number(r.quiet_end),
    },
    before: true,
  }));
}

interface WaitingRow {
  quiet_hours: number;
  quiet_start: number;
  quiet_end: number;
  due: number | string;
  n: number | string;
}

/**
 * The sends reserved to go after `now` and before `at`, not yet claimed, with the pushes each
 * expects, joining the line at their send time (the sweep holds those of a channel in its quiet
 * hours until they end: push-line.ts). Read by send time (on `messages_status_send`).
 */
async function reservedPushes(db: Db, now: number, at: number): Promise<LineGroup[]> {
  const rows = await db.kysely
    .selectFrom('messages as m')
    .innerJoin('channels as c', 'c.id', 'm.channel_id')
    .select(['m.send_at', 'm.expected_pushes', 'c.quiet_hours', 'c.quiet_start', 'c.quiet_end'])
    .where('m.status', '=', MESSAGE_STATUSES.reserved)
    .where('m.sent_at', 'is', null)
    .where('m.send_at', '>', now)
    .where('m.send_at', '<', at)
    .where('m.expected_pushes', '>', 0)
    .orderBy('m.send_at')
    .limit(RESERVED_AHEAD_MAX)
    .execute();
  return rows.map((r) => ({
    at: Number(r.send_at),
    pushes: Number(r.expected_pushes),
    quiet: r,
    before: false,
  }));
}
