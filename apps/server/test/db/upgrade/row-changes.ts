import type { MigrationName } from '../../../src/db/migrate';
import { migrationNames } from '../../../src/db/migrate';
import type { Row } from './insert-row';

export type Tables = Record<string, Row[]>;

/** What a migration does on purpose to the rows it finds; every other value of every row stays. */
interface RowChange {
  migration: MigrationName;
  table: string;
  /** The rows it deletes (`'table'`: it drops the table and its rows). */
  drops?: 'table' | ((row: Row) => boolean);
  /** The row as it leaves it (new columns it fills included); `before` is every table at the start. */
  becomes?: (row: Row, before: Tables) => Row;
  /** A table it creates and fills from the rows there were. */
  fills?: (before: Tables) => Row[];
}

const count = (rows: Row[] | undefined, match: (row: Row) => boolean) => (rows ?? []).filter(match).length;
const inMs = (seconds: unknown) => (seconds === null ? null : Number(seconds) * 1000);

export const ROW_CHANGES: RowChange[] = [
  {
    migration: '0014-follower-tag-count',
    table: 'followers',
    becomes: (r, before) => ({ ...r, tag_count: count(before.follower_tags, (t) => t.follower_id === r.id) }),
  },
  // Deliveries from before push are never pushed (gone).
  ...(['message_deliveries', 'welcome_deliveries'] as const).map((table) => ({
    migration: '0022-web-push' as const,
    table,
    becomes: (r: Row) => ({ ...r, push_state: 2 }),
  })),
  {
    migration: '0023-channel-analytics',
    table: 'channel_follower_totals',
    fills: (before) =>
      (before.channels ?? []).map((c) => ({
        channel_id: c.id,
        followers: count(before.followers, (f) => f.channel_id === c.id),
      })),
  },
  {
    migration: '0026-follower-count',
    table: 'channels',
    becomes: (r, before) => ({ ...r, follower_count: count(before.followers, (f) => f.channel_id === r.id) }),
  },
  { migration: '0027-drop-follow-events', table: 'follow_events', drops: 'table' },
  {
    migration: '0027-drop-follow-events',
    table: 'jobs',
    drops: (r) => r.kind === 'followers.followed-event',
  },
  {
    migration: '0028-times-in-milliseconds',
    table: 'messages',
    becomes: ({ send_dt, ...r }) => ({ ...r, send_at: inMs(send_dt) }),
  },
  {
    migration: '0028-times-in-milliseconds',
    table: 'welcome_messages',
    becomes: ({ send_end_dt, ...r }) => ({ ...r, send_end_at: inMs(send_end_dt) }),
  },
  // Messages sent before the two-step send are complete.
  { migration: '0029-rest-pending', table: 'messages', becomes: (r) => ({ ...r, rest_pending: 0 }) },
  // The frequency cap starts off; messages sent before it capped no one.
  { migration: '0031-frequency-cap', table: 'channels', becomes: (r) => ({ ...r, frequency_cap: 0 }) },
  {
    migration: '0031-frequency-cap',
    table: 'messages',
    becomes: (r) => ({ ...r, send_cap: null, capped_count: 0 }),
  },
  {
    migration: '0031-frequency-cap',
    table: 'channel_message_days',
    becomes: (r) => ({ ...r, capped: 0 }),
  },
];

/**
 * Every table as today's migrations should leave a database of version `through`: the changes of
 * the migrations after it, in their order. Dropped tables are absent.
 */
export function expectedTables(before: Tables, through: MigrationName): Tables {
  const pending = migrationNames().slice(migrationNames().indexOf(through) + 1);
  const expected: Tables = { ...before };
  for (const name of pending)
    for (const change of ROW_CHANGES.filter((c) => c.migration === name)) {
      const { table, drops, becomes, fills } = change;
      if (drops === 'table') delete expected[table];
      else if (fills) expected[table] = fills(before);
      else if (expected[table]) {
        const kept = drops ? expected[table].filter((r) => !drops(r)) : expected[table];
        expected[table] = becomes ? kept.map((r) => becomes(r, before)) : kept;
      }
    }
  return expected;
}
