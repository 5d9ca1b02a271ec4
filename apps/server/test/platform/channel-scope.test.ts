import cookie from '@fastify/cookie';
import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { channelOf, channelScope } from '../../src/platform/http/channel-scope';
import { registerErrorHandler } from '../../src/platform/http/error-handler';
import { ok } from '../../src/platform/http/errors';
import { wellFormedValidatorCompiler } from '../../src/platform/http/validation';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import type { TestClient } from '../helpers/client';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';

let t: TestApp;
let owner: Member;
let other: Member;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredMember(t.app);
  other = await registeredMember(t.app);
});
afterAll(() => t?.close());

/**
 * A later module as it will plug in: its own routes plugin, registered inside channelScope, with
 * handlers that only read the channel. Mounted on a bare app that shares the test app's sessions.
 */
async function appWithLaterModule(calls: number[]): Promise<FastifyInstance> {
  const tagsLike: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/api/qrchannel/:channel/probe',
      { schema: { querystring: z.object({ q: z.string().max(3) }) } },
      async (req) => {
        calls.push(channelOf(req).id);
        return ok({ channel_name: channelOf(req).channel_name });
      },
    );
  };
  const app = Fastify();
  app.setValidatorCompiler(wellFormedValidatorCompiler);
  await app.register(cookie);
  app.decorateRequest('locale', 'ja');
  registerErrorHandler(app);
  await app.register(channelScope(t.ctx, [tagsLike]));
  return app;
}

const as = (client: TestClient) => ({
  cookie: [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
});

describe('channelScope', () => {
  it("hands a later module's handler the member's channel, loaded once", async () => {
    const calls: number[] = [];
    const app = await appWithLaterModule(calls);
    const channel = await createChannel(owner.client);
    const res = await app.inject({
      url: `${channelPath.under(channel.channel_id, 'probe')}?q=ok`,
      headers: as(owner.client),
    });
    expect(expectOk(res).channel_name).toBe(channel.channel_name);
    expect(calls).toEqual([channel.channel_id]);
    await app.close();
  });

  it("answers 404 before the handler and before validation for another member's channel, 401 signed out", async () => {
    const calls: number[] = [];
    const app = await appWithLaterModule(calls);
    const channel = await createChannel(owner.client);
    const url = `${channelPath.under(channel.channel_id, 'probe')}?q=too-long`;
    expectError(await app.inject({ url, headers: as(other.client) }), 'E-404');
    expectError(
      await app.inject({ url: channelPath.under(999999, 'probe?q=x'), headers: as(owner.client) }),
      'E-404',
    );
    expectError(await app.inject({ url }), 'E-401');
    expect(calls).toEqual([]);
    // The owner gets past the scope and meets the route's own rules.
    expectError(await app.inject({ url, headers: as(owner.client) }), 'E-400');
    await app.close();
  });
});

describe('deleting a channel', () => {
  it("removes the rows of tables that reference it with ON DELETE CASCADE, and nobody else's", async () => {
    // What a later module's migration adds (tags, send lists…): a table of channel rows.
    await t.ctx.db.kysely.schema
      .createTable('later_module_rows')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id').onDelete('cascade'))
      .execute();
    const gone = await createChannel(owner.client);
    const kept = await createChannel(owner.client, { channel_name: '残る店' });
    await sql`insert into later_module_rows (id, channel_id) values (1, ${gone.channel_id}), (2, ${gone.channel_id}), (3, ${kept.channel_id})`.execute(
      t.ctx.db.kysely,
    );
    expectOk(await owner.client.delete(channelPath.one(gone.channel_id)));
    const { rows } = await sql<{ id: number }>`select id from later_module_rows order by id`.execute(
      t.ctx.db.kysely,
    );
    expect(rows.map((r) => Number(r.id))).toEqual([3]);
    expect(
      (expectOk(await owner.client.get(channelPath.one(kept.channel_id))).channel as ChannelDto).channel_id,
    ).toBe(kept.channel_id);
  });
});
