import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { followerTagIndexes, rng } from '../support/seeded-followers';
import { insertMember } from '../support/seeded-member';

export interface Seeded {
  sid: string;
  channelId: number;
  tagIds: number[];
  sendlistIds: number[];
  links: number;
}

export interface Size {
  followers: number;
  tags: number;
  lists: number;
  coupons: number;
  /** Sent messages, one a day back from today, with a year of analytics rollups (bench:operator-load). */
  messages?: number;
}

/**
 * A member with a session and one channel with `size.followers` followers (the follow dates a
 * second apart, tagged as bench:sendlist tags them), tags, two-box send lists and coupons, written
 * straight into the server's database file (WAL lets the server keep reading), then ANALYZEd as a
 * live database would be.
 */
export function seedChannel(file: string, size: Size): Seeded {
  const { followers: FOLLOWERS, tags: TAGS, lists: LISTS, coupons: COUPONS, messages: MESSAGES = 0 } = size;
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  const now = Date.now();
  let sid = '';
  const tagsOf = followerTagIndexes(FOLLOWERS, TAGS);
  let channelId = 0;
  let tagIds: number[] = [];
  const sendlistIds: number[] = [];
  db.transaction(() => {
    const member = insertMember(db, { channelService: true });
    sid = member.sid;
    channelId = Number(
      db
        .prepare(
          `insert into channels (user_id, channel_code, channel_name, channel_user_type, industory_id,
             sub_industory_id, created_at, updated_at) values (?, ?, 'bench', 2, null, null, ?, ?)`,
        )
        .run(member.userId, randomBytes(12).toString('base64url'), now, now).lastInsertRowid,
    );
    const tag = db.prepare('insert into tags (channel_id, tag_name, created_at) values (?, ?, ?)');
    tagIds = Array.from({ length: TAGS }, (_, i) =>
      Number(tag.run(channelId, `tag${i}`, now + i).lastInsertRowid),
    );
    const follower = db.prepare(
      'insert into followers (channel_id, device_hash, followed_at) values (?, ?, ?)',
    );
    const link = db.prepare('insert into follower_tags (follower_id, tag_id, channel_id) values (?, ?, ?)');
    tagsOf.forEach((tags, i) => {
      const at = now - (FOLLOWERS - i) * 1000;
      const id = follower.run(channelId, randomBytes(32).toString('hex'), at).lastInsertRowid;
      for (const t of tags) link.run(id, tagIds[t], channelId);
    });
    const list = db.prepare(
      `insert into sendlists (channel_id, sendlist_name, box_filter_1, box_filter_2, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?)`,
    );
    const listTag = db.prepare(
      'insert into sendlist_tags (sendlist_id, box, tag_id, channel_id) values (?, ?, ?, ?)',
    );
    const random = rng(7);
    for (let i = 0; i < LISTS; i++) {
      const modes = [Math.floor(random() * 5), Math.floor(random() * 5)];
      const id = Number(
        list.run(channelId, `list${i}`, modes[0], modes[1], now + i, now + i).lastInsertRowid,
      );
      sendlistIds.push(id);
      for (const box of [1, 2]) {
        const picked = new Set(
          Array.from({ length: 1 + Math.floor(random() * 5) }, () => Math.floor(random() * TAGS)),
        );
        for (const t of picked) listTag.run(id, box, tagIds[t], channelId);
      }
    }
    const coupon = db.prepare(
      `insert into coupons (channel_id, image_id, discount_type, item_name, value_percent, value_yen,
         regular_price, coupon_price, text_color, text_shadow, available_count, code_type, date_from,
         date_to, created_at)
       values (?, null, 1, ?, 10, null, null, null, '#000000', 0, 1, 1, '2026-01-01', '2026-12-31', ?)`,
    );
    for (let i = 0; i < COUPONS; i++) coupon.run(channelId, `coupon ${i}`, now + i);
    if (MESSAGES > 0) seedMessages(db, channelId, FOLLOWERS, MESSAGES, now);
  })();
  db.exec('analyze');
  db.close();
  sendlistIds.reverse();
  return { sid, channelId, tagIds, sendlistIds, links: tagsOf.reduce((n, t) => n + t.length, 0) };
}

const DAY_MS = 86_400_000;
const tokyoDay = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 10);

/**
 * `count` sent messages to every follower, one a day back from today, and the rollups channel
 * analytics reads: a year of channel days, and a week of figures after each message. The follower
 * total is the seeded count (the rollups count follows as they happen; these were written directly).
 */
function seedMessages(db: SQLite.Database, channelId: number, followers: number, count: number, now: number) {
  const random = rng(11);
  const message = db.prepare(
    `insert into messages (channel_id, status, layout, send_at, sendlist_id, push_text, delivered_count,
       reserved_at, sent_at, created_at, updated_at) values (?, 2, 1, ?, null, ?, ?, ?, ?, ?, ?)`,
  );
  const messageDay = db.prepare(
    `insert into channel_message_days (channel_id, kind, item_id, day, targeted, push_reachable,
       push_accepted, opens_inbox, opens_push, coupon_users, coupon_uses) values (?, 1, ?, ?, ?, ?, ?, ?, ?, 0, 0)`,
  );
  for (let i = 0; i < count; i++) {
    const at = now - (i + 1) * DAY_MS;
    const id = Number(message.run(channelId, at, `お知らせ ${i}`, followers, at, at, at, at).lastInsertRowid);
    for (let d = 0; d < 7 && d <= i; d++) {
      const opens = Math.floor(random() * followers * 0.05);
      messageDay.run(
        channelId,
        id,
        tokyoDay(at + d * DAY_MS),
        d === 0 ? followers : 0,
        0,
        0,
        opens,
        opens >> 1,
      );
    }
  }
  const channelDay = db.prepare(
    `insert into channel_days (channel_id, day, follows, unfollows, deliveries, push_reachable, push_accepted,
       opens_inbox, opens_push, coupon_uses) values (?, ?, ?, ?, ?, 0, 0, ?, ?, 0)`,
  );
  for (let d = 0; d < 366; d++) {
    const follows = Math.floor(random() * 300);
    channelDay.run(
      channelId,
      tokyoDay(now - d * DAY_MS),
      follows,
      follows >> 3,
      followers,
      follows * 10,
      follows * 5,
    );
  }
  db.prepare(
    `insert into channel_follower_totals (channel_id, followers) values (?, ?)
     on conflict (channel_id) do update set followers = excluded.followers`,
  ).run(channelId, followers);
}
