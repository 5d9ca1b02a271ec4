import { runOperatorCommand } from '../../db/operator-command';
import { parseOfficialArgs, USAGE } from './official-args';
import { setOfficial } from './set-official';

/** The operator command `npm run channel:official` (see official-args.ts); prints what it changed. */
process.exitCode = await runOperatorCommand({
  parse: parseOfficialArgs,
  usage: USAGE,
  run: async (db, input) => {
    const channel = await setOfficial({ db }, input);
    if (!channel) {
      console.error(`No channel has the id or code "${input.channel}" (${db.dialect}).`);
      return 1;
    }
    const state = channel.is_official ? 'official' : 'not official';
    console.log(`Channel #${channel.id} ${channel.channel_name} (${channel.channel_code}) is now ${state}.`);
    return 0;
  },
});
