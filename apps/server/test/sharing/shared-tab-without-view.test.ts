import { api } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { SHARE_PERMISSIONS, type SharePermission } from '@qrqr/shared/sharing-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import type { TestClient } from '../helpers/client';
import { expectOk } from '../helpers/expect';
import { type Member, signUpAndActivate } from '../helpers/factories';
import { createCode, textCode, urlCode, wifiCode } from '../helpers/qrcodes';
import { shareWith } from '../helpers/sharing';

/**
 * The shared tab (`/qrcode/list/data?type=share`) and the title-edit answer give a recipient
 * without `view` the code's title and dates only: no content, no payload (a secret code's token is
 * its payload), no redirect URL, no Wi-Fi profile, no read count. With `view`, everything.
 */

let t: TestApp;
let owner: Member;
const recipients = {} as Record<SharePermission, Member>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAndActivate(t.app, { user_name: '持ち主' });
  for (const p of SHARE_PERMISSIONS) recipients[p] = await signUpAndActivate(t.app);
});
afterAll(() => t?.close());

const kinds = {
  secret: () => textCode({ title: '秘密の合言葉', text: '本日限定の合言葉', analysis_type: 2 }),
  redirect: () => urlCode({ title: '春のメニュー', url: 'https://example.jp/spring', analysis_type: 1 }),
  wifi: () => wifiCode({ title: '店内Wi-Fi', ssid: 'cafe-guest', password: 'coffee1234' }),
};

async function sharedRow(client: TestClient, id: string): Promise<QrCodeDto> {
  const rows = expectOk(await client.get(`${api.qrListData}?type=share`, { xhr: true }))
    .qrcodes as QrCodeDto[];
  const row = rows.find((r) => r.id === id);
  if (!row) throw new Error(`${id} is not in the shared tab`);
  return row;
}

const HIDDEN = {
  url: '',
  payload: '',
  redirect_url: null,
  wifi: null,
  analysis: false,
  analysis_type: 0,
  total_read_count: 0,
  version: 0,
  content_hidden: true,
};

describe('a recipient without view', () => {
  it.each(Object.keys(kinds) as (keyof typeof kinds)[])(
    'sees a %s code’s title and date only',
    async (kind) => {
      const code = await createCode(owner.client, kinds[kind]());
      for (const p of SHARE_PERMISSIONS) await shareWith(t.app, owner.client, code.id, recipients[p], [p]);
      for (const p of SHARE_PERMISSIONS.filter((p) => p !== 'view')) {
        const row = await sharedRow(recipients[p].client, code.id);
        expect(row).toEqual({
          id: code.id,
          title: code.title,
          tab: code.tab,
          type: code.type,
          created_at: code.created_at,
          is_owner: false,
          owner_name: '持ち主',
          permissions: [p],
          ...HIDDEN,
        });
        const raw = JSON.stringify(row);
        for (const secret of [
          code.payload,
          code.url,
          'coffee1234',
          'cafe-guest',
          code.redirect_url ?? '@none@',
        ]) {
          expect(raw).not.toContain(secret);
        }
      }
      // With view, the whole code.
      const viewer = await sharedRow(recipients.view.client, code.id);
      expect(viewer).toMatchObject({ payload: code.payload, url: code.url, redirect_url: code.redirect_url });
      expect(viewer.content_hidden).toBeUndefined();
      if (kind === 'wifi') expect(viewer.wifi?.password).toBe('coffee1234');
    },
  );

  it('the title-edit answer hides the same', async () => {
    const code = await createCode(owner.client, kinds.secret());
    await shareWith(t.app, owner.client, code.id, recipients.edit_title, ['edit_title']);
    const res = await recipients.edit_title.client.post(api.qrTitleUpdate, {
      id: code.id,
      title: '新しい名前',
    });
    const answer = expectOk(res).qrcode as QrCodeDto;
    expect(answer).toMatchObject({ title: '新しい名前', ...HIDDEN });
    expect(JSON.stringify(answer)).not.toContain(code.payload);
  });
});
