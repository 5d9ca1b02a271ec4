import { openFromEnv } from '../../db/open-from-env';
import { addNews, type NewNews } from './news';
import { parseNewsArgs, USAGE } from './news-args';

/** The admin command `npm run news:add` (see news-args.ts); prints what it added. */
async function main(): Promise<number> {
  let input: NewNews;
  try {
    input = parseNewsArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const opened = await openFromEnv();
  if (!opened) return 1;
  const { db } = opened;
  try {
    const item = await addNews({ db }, input);
    const when = new Date(item.published_at).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' });
    console.log(`Added news #${item.id} (${db.dialect}), published ${when} (Asia/Tokyo):`);
    console.log(`  ja: ${item.title_ja}\n      ${item.body_ja}`);
    if (item.title_en || item.body_en) {
      console.log(`  en: ${item.title_en ?? '(Japanese title)'}\n      ${item.body_en ?? '(Japanese text)'}`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
