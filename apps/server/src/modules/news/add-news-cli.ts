import { runOperatorCommand } from '../../db/operator-command';
import { addNews } from './news';
import { parseNewsArgs, USAGE } from './news-args';

/** The admin command `npm run news:add` (see news-args.ts); prints what it added. */
process.exitCode = await runOperatorCommand({
  parse: parseNewsArgs,
  usage: USAGE,
  run: async (db, input) => {
    const item = await addNews({ db }, input);
    const when = new Date(item.published_at).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' });
    console.log(`Added news #${item.id} (${db.dialect}), published ${when} (Asia/Tokyo):`);
    console.log(`  ja: ${item.title_ja}\n      ${item.body_ja}`);
    if (item.title_en || item.body_en) {
      console.log(`  en: ${item.title_en ?? '(Japanese title)'}\n      ${item.body_en ?? '(Japanese text)'}`);
    }
    return 0;
  },
});
