import { MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { PUSH_STATES } from './claimed-push';
import { ITEM_KINDS, ITEMS } from './items';
import { quietUntil } from './push-timing';

/** At most this many reserved sends are read ahead of a send (the earliest first). */
const RESERVED_AHEAD_MAX = 1000;

/**
 * The pushes still waiting at `at` (Unix ms) when a send goes then: the pushes waiting now (due by
 * `at`), and those of the sends reserved to go between now and `at` (their expected pushes, stored
 * at their reservation), each joining the line at its send time, or at the end of its channel's
 * quiet hours when it goes inside them, while the sweep works the line off at `perSecond` from
 * now. A send joining at the same moment is not counted: which of two goes first is not known.
 */
export async function pushesAhead(
  db: Db,
  input: { now: number; at: number; perSecond: number },
): Promise<number> {
  const [waiting, reserved] = await Promise.all([
    pushesWaiting(db, input.at),
    reservedPushes(db, input.now, input.at),
  ]);
  let line = waiting;
  let from = input.now;
  for (const send of reserved) {
    line = Math.max(0, line - (input.perSecond * (send.at - from)) / 1000) + send.pushes;
    from = send.at;
  }
  return Math.max(0, line - (input.perSecond * (input.at - from)) / 1000);
}

/**
 * Pushes already waiting to go by `at` (Unix ms): pending rows of both kinds due by then, which the
 * push sweep claims before a send due at `at` (it claims by due time, welcome pushes first). Read
 * on each kind's partial index of pending rows (migration 0022; its state written as a literal, or
 * neither database could match the index's condition), so only waiting rows are counted.
 * A batch being pushed right now is leased a little into the future and not counted.
 */
async function pushesWaiting(db: Db, at: number): Promise<number> {
  const counts = await Promise.all(
    ITEM_KINDS.map(async (kind) => {
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from ${sql.table(ITEMS[kind].deliveries)}
        where push_state = ${sql.lit(PUSH_STATES.pending)} and push_due_at <= ${at}`.execute(db.kysely);
      return Number(rows[0]?.n ?? 0);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * The sends reserved to go after `now` and before `at`, not yet claimed, with the pushes each
 * expects and when they join the line: the send time, or the end of the channel's quiet hours
 * when it falls inside them (the push sweep holds a claimed push until then), those joining
 * before `at` alone, in that order. Read by send time (on `messages_status_send`).
 */
async function reservedPushes(
  db: Db,
  now: number,
  at: number,
): Promise<Array<{ at: number; pushes: number }>> {
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
  return rows
    .map((r) => {
      const sendAt = Number(r.send_at);
      return { at: quietUntil(r, sendAt) ?? sendAt, pushes: Number(r.expected_pushes) };
    })
    .filter((send) => send.at < at)
    .sort((a, b) => a.at - b.at);
}
