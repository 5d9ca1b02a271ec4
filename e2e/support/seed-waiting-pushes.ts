import { withDb } from './seed-followers';

/**
 * An earlier send whose pushes still wait, written straight into a running server's SQLite file:
 * a sent message of the channel with `pushes` deliveries not yet pushed, due at `dueAt` (Unix ms),
 * so the push sweep leaves them waiting until then; and a push subscription for the devices of the
 * channel's first `subscribed` followers, so a send to them has devices to push to. The
 * subscriptions' endpoints are on a reserved name (.invalid): nothing is pushed to them before the
 * flow ends.
 */
export function seedWaitingPushes(
  dbFile: string,
  channelId: number,
  input: { pushes: number; dueAt: number; subscribed: number },
): void {
  withDb(dbFile, (db) => {
    const now = Date.now();
    db.transaction(() => {
      const message = db
        .prepare(
          `insert into messages (channel_id, status, layout, send_at, push_text, detail_text, delivered_count, sent_at, created_at, updated_at)
           values (?, 2, 1, ?, ?, '', ?, ?, ?, ?) returning id`,
        )
        .get(channelId, now, 'ブレンドが100円引き', input.pushes, now, now, now) as { id: number };
      // Follower ids past any real one: the deliveries stand for another audience's.
      db.prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
         insert into message_deliveries (message_id, follower_id, delivered_at, push_state, push_due_at)
         select ?, 1000000000 + i, ?, 0, ? from n`,
      ).run(input.pushes, message.id, now, input.dueAt);
      db.prepare(
        `insert into push_subscriptions (endpoint, origin, device_hash, p256dh, auth, created_at, updated_at)
         select 'https://push.invalid/' || f.id, 'https://push.invalid', f.device_hash, 'p256dh', 'auth', ?, ?
         from followers as f where f.channel_id = ? order by f.id limit ?`,
      ).run(now, now, channelId, input.subscribed);
    })();
  });
}
