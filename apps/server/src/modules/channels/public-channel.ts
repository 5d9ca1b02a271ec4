import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { findChannelByCode } from './repository';

/** The channel whose public page is /c/{code}, for the reader's calls; undefined when none. */
export function channelByCode(ctx: AppContext, code: string): Promise<ChannelRow | undefined> {
  return findChannelByCode(ctx.db, code);
}
