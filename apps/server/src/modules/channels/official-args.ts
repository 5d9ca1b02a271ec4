import { parseArgs } from 'node:util';

/** `npm run channel:official -- --channel <id|code> [--off]` sets or clears a channel's official badge. */
export const USAGE = 'Usage: npm run channel:official -- --channel <channel id or channel code> [--off]';

export function parseOfficialArgs(args: string[]): { channel: string; official: boolean } {
  const { values } = parseArgs({
    args,
    options: { channel: { type: 'string' }, off: { type: 'boolean', default: false } },
    strict: true,
  });
  const channel = values.channel?.trim();
  if (!channel) throw new Error('Missing --channel.');
  return { channel, official: !values.off };
}
