import { idFromText } from '@qrqr/shared/id-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../core/context';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The channel of `:channel` in the URL, loaded by channelScope; null outside that scope. */
    channel: ChannelRow | null;
  }
}

/** The URL parameter every route inside channelScope names its channel with. */
export const CHANNEL_PARAM = 'channel';

/**
 * The one place that decides whose channel a call is about. Every `/api/qrchannel/{channel}/…`
 * and `/api/qrchannel/channel/{channel}` route is registered inside it (one plugin per module);
 * before the body is read (a stranger's body to another member's channel is never parsed, and an
 * upload takes no slot for it: platform/http/upload-gate.ts) it requires a signed-in member (E-401) and
 * loads the channel once, answering E-404 alike for a missing channel and another member's, so no
 * handler repeats the check.
 * Handlers read the channel with `channelOf(req)`. It lives below the modules (the channel modules
 * all stand on it, and app.ts mounts them in it), so it reads its one row itself.
 */
export function channelScope(ctx: AppContext, modules: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('channel', null);
    app.addHook('preParsing', async (req, _reply, payload) => {
      const userId = await ctx.sessions.requireUserId(req);
      const raw = (req.params as Record<string, string | undefined>)[CHANNEL_PARAM] ?? '';
      const id = idFromText(raw);
      const channel = id === null ? undefined : await findOwnedChannel(ctx.db, id, userId);
      if (!channel) throw new AppError('E-404');
      req.channel = channel;
      return payload;
    });
    for (const routes of modules) await app.register(routes);
  };
}

/** The channel when this member owns it; undefined for a missing channel and another member's alike. */
function findOwnedChannel(db: Db, id: number, userId: string): Promise<ChannelRow | undefined> {
  return db.kysely
    .selectFrom('channels')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The channel channelScope loaded for this request. */
export function channelOf(req: FastifyRequest): ChannelRow {
  if (!req.channel) throw new Error(`${req.routeOptions.url} is not registered inside channelScope`);
  return req.channel;
}
