import { openFromEnv } from '../../db/open-from-env';
import { parseOfficialArgs, USAGE } from './official-args';
import { setOfficial } from './set-official';

/** The operator command `npm run channel:official` (see official-args.ts); prints what it changed. */
async function main(): Promise<number> {
  let input: ReturnType<typeof parseOfficialArgs>;
  try {
    input = parseOfficialArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const opened = await openFromEnv();
  if (!opened) return 1;
  const { db } = opened;
  try {
    const channel = await setOfficial({ db }, input);
    if (!channel) {
      console.error(`No channel has the id or code "${input.channel}" (${db.dialect}).`);
      return 1;
    }
    const state = channel.is_official ? 'official' : 'not official';
    console.log(`Channel #${channel.id} ${channel.channel_name} (${channel.channel_code}) is now ${state}.`);
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
