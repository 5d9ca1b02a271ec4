import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/client';
import { deliverDue } from '../../apps/server/src/modules/messaging/deliver';
import type { AppContext } from '../../apps/server/src/platform/core/context';
import { seedTestMessage } from '../../apps/server/test/messaging/seed';

/**
 * The A/B case of the fan-out: a message with a test to every follower, timed in its two sends by
 * the server's own sweep (deliverDue): the test send (the split of the test share stored, each
 * group's variant written) and, its waiting time ended, the winner's send (the decision, then the
 * rest of the audience less the split). Each against a plain send to every follower made just
 * before it, on the same stored history (every send makes the next one dearer on SQLite: the
 * deliveries' follower index grows), and the target.
 */
const SHAPES = [
  { sharePercent: 10, variants: 2 },
  { sharePercent: 50, variants: 4 },
] as const;
const RUNS = Number(process.env.AB_RUNS ?? 3);

const ms = (v: number) => v.toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export async function abTestSends(
  db: Db,
  ctx: AppContext,
  input: { channelId: number; plainSend: () => Promise<number>; targetMs: number; followers: number },
): Promise<void> {
  const { channelId, targetMs } = input;
  let worst = 0;
  for (const shape of SHAPES) {
    const plains: number[] = [];
    const splits: number[] = [];
    const winners: number[] = [];
    let figures = '';
    const stored = await storedDeliveries(db);
    for (let run = 0; run < RUNS; run++) {
      plains.push(await input.plainSend());
      const id = await seedTestMessage(db, channelId, {
        ...shape,
        sendAt: Date.now() - 1000,
        fallback: 'best',
        content: (letter) => ({ push_text: `bench ${letter}`, detail_text: 'x'.repeat(200) }),
      });
      let t0 = performance.now();
      if ((await deliverDue(ctx)) !== 1) throw new Error('the test send was not made');
      splits.push(performance.now() - t0);
      await db.kysely
        .updateTable('message_tests')
        .set({ decide_at: Date.now() - 1000 })
        .where('message_id', '=', id)
        .execute();
      t0 = performance.now();
      if ((await deliverDue(ctx)) !== 1) throw new Error("the winner's send was not made");
      winners.push(performance.now() - t0);
      figures = await countsOf(db, id, input.followers);
    }
    const best = (xs: number[]) => Math.min(...xs);
    const plainMs = best(plains);
    worst = Math.max(worst, best(splits), best(winners));
    console.log(
      `[${db.dialect}] A/B test, ${shape.sharePercent} % in ${shape.variants} groups (${figures}; ${stored} deliveries stored before): test send ${splits.map(ms).join(', ')} ms (${(best(splits) / plainMs).toFixed(2)}× the plain send just before, ${plains.map(ms).join(', ')} ms), winner's send with its decision ${winners.map(ms).join(', ')} ms (${(best(winners) / plainMs).toFixed(2)}×); medians ${ms(median(splits))} and ${ms(median(winners))} ms`,
    );
  }
  console.log(
    `[${db.dialect}] A/B test target ${targetMs} ms for each send: ${worst < targetMs ? 'met' : 'NOT met'} (slowest best run ${ms(worst)} ms)`,
  );
}

async function storedDeliveries(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('message_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The split's and the sends' rows; throws unless every follower has exactly one delivery. */
async function countsOf(db: Db, messageId: number, followers: number): Promise<string> {
  const parts = await db.kysely
    .selectFrom('messages')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', messageId), eb('test_of', '=', messageId)]))
    .execute();
  const ids = parts.map((p) => Number(p.id));
  const { rows, distinct } = await db.kysely
    .selectFrom('message_deliveries')
    .select((eb) => [eb.fn.countAll().as('rows'), eb.fn.count('follower_id').distinct().as('distinct')])
    .where('message_id', 'in', ids)
    .executeTakeFirstOrThrow();
  const split = await sql<{
    n: number | string;
  }>`select count(*) as n from message_test_members where message_id = ${messageId}`.execute(db.kysely);
  if (Number(rows) !== followers || Number(distinct) !== followers)
    throw new Error(
      `A/B test ${messageId}: ${rows} deliveries to ${distinct} followers, expected ${followers}`,
    );
  return `split ${Number(split.rows[0]?.n)}, ${Number(rows)} deliveries in all`;
}
