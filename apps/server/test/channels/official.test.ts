import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createDb } from '../../src/db/client';
import { parseOfficialArgs } from '../../src/modules/channels/official-args';
import { setOfficial } from '../../src/modules/channels/set-official';
import { createTestApp, type TestApp, testDb } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectOk } from '../helpers/expect';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('npm run channel:official', () => {
  it('reads the channel and --off', () => {
    expect(parseOfficialArgs(['--channel', ' 12 '])).toEqual({ channel: '12', official: true });
    expect(parseOfficialArgs(['--channel', 'AbC-12_x', '--off'])).toEqual({
      channel: 'AbC-12_x',
      official: false,
    });
  });

  it.each([
    [[], /Missing --channel/],
    [['--channel', ' '], /Missing --channel/],
    [['--channel', '1', '--badge'], /Unknown option/],
  ])('explains what is wrong with %j', (args, message) => {
    expect(() => parseOfficialArgs(args)).toThrow(message);
  });

  it('sets and clears the badge by id or by code, which the channel calls then answer', async () => {
    const member = await registeredMember(t.app);
    const channel = await createChannel(member.client);
    const read = async () =>
      (expectOk(await member.client.get(channelPath.one(channel.channel_id))).channel as ChannelDto)
        .is_official;
    expect(
      (await setOfficial(t.ctx, { channel: String(channel.channel_id), official: true }))?.is_official,
    ).toBe(1);
    expect(await read()).toBe(true);
    await setOfficial(t.ctx, { channel: channel.channel_code, official: false });
    expect(await read()).toBe(false);
    expect(await setOfficial(t.ctx, { channel: 'no-such-channel', official: true })).toBeUndefined();
  });

  // The command uses the server's database client; this end-to-end run uses its own SQLite data
  // directory, so the PostgreSQL project has nothing more to prove with it.
  it.skipIf(testDb === 'postgres')(
    'runs against the configured database and says what it did',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-official-'));
      const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
      const run = (args: string[]) =>
        promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', 'src/modules/channels/official-cli.ts', ...args],
          {
            cwd: serverDir,
            env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
          },
        );
      try {
        await expect(run(['--channel', '1'])).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining('No channel has the id or code "1"'),
        });
        await expect(run([])).rejects.toMatchObject({
          code: 2,
          stderr: expect.stringContaining('Missing --channel'),
        });
        // The failed run migrated the database; give it a member with a channel.
        const db = createDb(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }));
        const now = Date.now();
        await db.kysely
          .insertInto('users')
          .values({
            id: 'u1',
            email: 'shop@example.test',
            status: 'active',
            user_name: '店主',
            company_name: '',
            password_hash: null,
            locale: 'ja',
            carry_over_key: null,
            channel_service_registered: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await db.kysely
          .insertInto('channels')
          .values({
            user_id: 'u1',
            channel_code: 'code-of-the-shop',
            channel_name: '喫茶こもれび',
            channel_user_type: 2,
            industory_id: null,
            sub_industory_id: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await db.close();
        const { stdout } = await run(['--channel', 'code-of-the-shop']);
        expect(stdout).toContain('Channel #1 喫茶こもれび (code-of-the-shop) is now official.');
        expect((await run(['--channel', '1', '--off'])).stdout).toContain('is now not official.');
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
      // Three runs of the command, each starting TypeScript through tsx: slow on a loaded machine.
    },
    90_000,
  );
});
