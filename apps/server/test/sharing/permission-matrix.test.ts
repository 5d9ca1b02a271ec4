import { analyticsPath, api } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { SHARE_PERMISSIONS, type SharePermission } from '@qrqr/shared/sharing-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import type { TestClient } from '../helpers/client';
import { type Member, signUpAndActivate } from '../helpers/factories';
import { createCode, guestBrowser, urlCode, wifiCode } from '../helpers/qrcodes';
import { invite, shareWith } from '../helpers/sharing';

/**
 * Every call that touches a code against every kind of caller, from one table: the owner, a
 * recipient holding each permission alone, a member invited but not yet accepted ("no share"), a
 * guest and an unrelated member. Each cell gets a fresh code, so a delete in one cell does not
 * decide the next.
 */

type Role = 'owner' | SharePermission | 'no_share' | 'guest' | 'other';
const ROLES: Role[] = ['owner', ...SHARE_PERMISSIONS, 'no_share', 'guest', 'other'];

let t: TestApp;
let owner: Member;
let bystander: Member;
let other: Member;
let invitee: Member;
const recipients = {} as Record<SharePermission, Member>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAndActivate(t.app, { user_name: '持ち主' });
  bystander = await signUpAndActivate(t.app);
  other = await signUpAndActivate(t.app);
  invitee = await signUpAndActivate(t.app);
  for (const p of SHARE_PERMISSIONS) recipients[p] = await signUpAndActivate(t.app);
});
afterAll(() => t?.close());

/** A fresh code shared with each single-permission recipient, a view-only bystander and an open invitation. */
async function sharedCode(kind: 'url' | 'wifi'): Promise<QrCodeDto> {
  const code = await createCode(owner.client, kind === 'wifi' ? wifiCode() : urlCode({ analysis_type: 1 }));
  for (const p of SHARE_PERMISSIONS) await shareWith(t.app, owner.client, code.id, recipients[p], [p]);
  await shareWith(t.app, owner.client, code.id, bystander, ['view']);
  await invite(owner.client, code.id, [invitee.email], [...SHARE_PERMISSIONS]);
  return code;
}

async function clientOf(role: Role): Promise<TestClient> {
  if (role === 'owner') return owner.client;
  if (role === 'no_share') return invitee.client;
  if (role === 'other') return other.client;
  if (role === 'guest') return guestBrowser(t.app);
  return recipients[role].client;
}

interface Call {
  name: string;
  kind: 'url' | 'wifi';
  /** Who succeeds; everyone else with access gets E-301, without access E-404 (guests E-401). */
  allowed: Role[];
  /** What a guest gets (member-only calls: E-401). */
  guest: 'E-401' | 'E-404';
  run(c: TestClient, code: QrCodeDto): ReturnType<TestClient['get']>;
  /** Checked after a success: the change really happened. */
  effect?(code: QrCodeDto): Promise<void>;
  /** Checked after a success: what the answer says. */
  answer?(role: Role, body: Record<string, unknown>): void;
}

const titleOf = async (id: string) =>
  (await t.ctx.db.kysely.selectFrom('qr_codes').select('title').where('id', '=', id).executeTakeFirst())
    ?.title;

const CALLS: Call[] = [
  {
    name: 'titleUpdate',
    kind: 'url',
    allowed: ['owner', 'edit_title'],
    guest: 'E-401',
    run: (c, code) => c.post(api.qrTitleUpdate, { id: code.id, title: '新しい題' }),
    effect: async (code) => expect(await titleOf(code.id)).toBe('新しい題'),
    answer: (role, body) =>
      expect(body.qrcode).toMatchObject(
        role === 'owner'
          ? { is_owner: true }
          : { is_owner: false, owner_name: '持ち主', permissions: ['edit_title'] },
      ),
  },
  {
    name: 'delete',
    kind: 'url',
    allowed: ['owner', 'delete_code'],
    guest: 'E-401',
    run: (c, code) => c.get(`${api.qrDelete}?id=${code.id}`, { xhr: true }),
    effect: async (code) => expect(await titleOf(code.id)).toBeUndefined(),
  },
  {
    name: 'redirectUrlUpdate',
    kind: 'url',
    allowed: ['owner'],
    guest: 'E-401',
    run: (c, code) => c.post(api.qrRedirectUrlUpdate, { id: code.id, url: 'https://example.jp/new' }),
  },
  {
    name: 'changeWifiProfile',
    kind: 'wifi',
    allowed: ['owner'],
    guest: 'E-401',
    run: (c, code) =>
      c.post(api.qrChangeWifiProfile, {
        id: code.id,
        ssid: 'cafe-new',
        password: 'coffee5678',
        encryption: 'WPA',
        expir_time: '',
      }),
  },
  {
    name: 'download',
    kind: 'url',
    allowed: ['owner', 'view'],
    guest: 'E-404',
    run: (c, code) => c.get(`${api.qrDownload}?qr_data_id=${code.id}&type=1`),
  },
  {
    name: 'analyticsUpdate (pause counting)',
    kind: 'url',
    allowed: ['owner'],
    guest: 'E-401',
    run: (c, code) => c.post(api.qrAnalyticsUpdate, { id: code.id, analytics: false }),
  },
  // The read-log calls (analytics module) go through the same access function: view.
  {
    name: 'analytics/data',
    kind: 'url',
    allowed: ['owner', 'view'],
    guest: 'E-404',
    run: (c, code) => c.get(analyticsPath.data(code.id), { xhr: true }),
    answer: (role, body) =>
      expect(body.qrcode).toMatchObject(
        role === 'owner'
          ? { is_owner: true }
          : { is_owner: false, owner_name: '持ち主', permissions: ['view'] },
      ),
  },
  {
    name: 'analytics/graph',
    kind: 'url',
    allowed: ['owner', 'view'],
    guest: 'E-404',
    run: (c, code) => c.get(`${analyticsPath.graph(code.id)}?range=1`, { xhr: true }),
  },
  {
    name: 'analytics/csv',
    kind: 'url',
    allowed: ['owner', 'view'],
    guest: 'E-404',
    run: (c, code) => c.get(`${analyticsPath.csv(code.id)}?from=2026-01-01&to=2026-01-31`),
  },
  {
    name: 'share/getShareMessage',
    kind: 'url',
    allowed: ['owner', ...SHARE_PERMISSIONS],
    guest: 'E-401',
    run: (c, code) => c.get(`${api.shareMessage}${code.id}`, { xhr: true }),
  },
  {
    name: 'share/input',
    kind: 'url',
    allowed: ['owner', 'manage_users'],
    guest: 'E-401',
    // manage_users is the one permission the manage_users recipient may pass on.
    run: (c, code) =>
      c.post(api.shareInput, {
        id: code.id,
        emails: [`new-${code.id.toLowerCase()}@example.test`],
        permissions: ['manage_users'],
      }),
  },
  {
    name: "share/delete (another recipient's share)",
    kind: 'url',
    allowed: ['owner', 'manage_users'],
    guest: 'E-401',
    run: (c, code) =>
      c.get(`${api.shareDelete}?qrid=${code.id}&uid=${bystander.user.user_id}`, { xhr: true }),
    effect: async (code) => {
      const rows = await t.ctx.db.kysely
        .selectFrom('qr_shares')
        .select('user_id')
        .where('qr_id', '=', code.id)
        .where('user_id', '=', bystander.user.user_id)
        .execute();
      expect(rows).toHaveLength(0);
    },
  },
];

/** The one table: every call × every role, with the expected outcome computed from `allowed`. */
const cells = CALLS.flatMap((call) =>
  ROLES.map((role) => {
    const hasAccess = role !== 'no_share' && role !== 'other' && role !== 'guest';
    const expected = call.allowed.includes(role)
      ? 'ok'
      : role === 'guest'
        ? call.guest
        : hasAccess
          ? 'E-301'
          : 'E-404';
    return { call, role, expected };
  }),
);

describe('permission matrix', () => {
  it.each(cells.map((c) => [c.call.name, c.role, c.expected, c] as const))(
    '%s as %s → %s',
    async (_name, role, expected, cell) => {
      const code = await sharedCode(cell.call.kind);
      const client = await clientOf(role);
      const res = await cell.call.run(client, code);
      if (expected === 'ok') {
        expect(res.statusCode, res.body).toBe(200);
        await cell.call.effect?.(code);
        cell.call.answer?.(role, res.json());
      } else {
        expect({ http: res.statusCode, code: res.json().status.code }, res.body).toMatchObject({
          code: expected,
        });
      }
    },
  );
});

describe('the shared tab (list type=share) by role', () => {
  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const code = await sharedCode('url');
    const client = await clientOf(role);
    const res = await client.get(`${api.qrListData}?type=share`, { xhr: true });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json().qrcodes as QrCodeDto[]).filter((r) => r.id === code.id);
    if ((SHARE_PERMISSIONS as readonly string[]).includes(role)) {
      expect(rows).toEqual([
        expect.objectContaining({ id: code.id, is_owner: false, owner_name: '持ち主', permissions: [role] }),
      ]);
    } else {
      expect(rows).toEqual([]);
    }
  });

  it("share=exist lists the owner's codes that are shared or invited, as the owner's", async () => {
    const shared = await sharedCode('url');
    const alone = await createCode(owner.client, urlCode());
    const res = await owner.client.get(`${api.qrListData}?share=exist`, { xhr: true });
    const ids = (res.json().qrcodes as QrCodeDto[]).map((r) => r.id);
    expect(ids).toContain(shared.id);
    expect(ids).not.toContain(alone.id);
    expect((res.json().qrcodes as QrCodeDto[]).every((r) => r.is_owner)).toBe(true);
  });
});
