import { api } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import { createCode, guestBrowser, twoMembersPerFile, urlCode, wifiCode } from '../helpers/qrcodes';

const s = twoMembersPerFile();

const newProfile = {
  name: '2階フロア',
  ssid: 'cafe;2F',
  password: 'new:pass,1',
  encryption: 'WPA',
  hidden: true,
  expir_time: 48,
};

async function change(member: Member, body: Record<string, string | number | boolean>) {
  return member.client.post(api.qrChangeWifiProfile, body);
}

describe('POST /qrcode/changeWifiProfile/', () => {
  it('rewrites the WIFI: payload of a code without analysis (it must be printed again)', async () => {
    const code = await createCode(s.owner.client, wifiCode());
    const changed = expectOk(await change(s.owner, { id: code.id, ...newProfile })).qrcode as QrCodeDto;
    expect(changed).toMatchObject({
      id: code.id,
      url: 'cafe;2F',
      wifi: { ...newProfile, encryption: 'WPA' },
    });
    expect(changed.payload).toBe('WIFI:T:WPA;S:cafe\\;2F;P:new\\:pass\\,1;H:true;;');
    // Kept, not just answered: the list shows the new network.
    const listed = expectOk(await s.owner.client.get(api.qrListData)).qrcodes as QrCodeDto[];
    expect(listed.find((c) => c.id === code.id)?.payload).toBe(changed.payload);
  });

  it('keeps the printed token of a secret code and changes only the profile behind it', async () => {
    const code = await createCode(s.owner.client, wifiCode({ analysis_type: 2 }));
    const changed = expectOk(await change(s.owner, { id: code.id, ...newProfile })).qrcode as QrCodeDto;
    expect(changed.payload).toBe(code.payload);
    expect(changed.version).toBe(code.version);
    expect(changed.wifi).toMatchObject({ ssid: 'cafe;2F', password: 'new:pass,1', expir_time: 48 });
  });

  it('clears the password of an open network and accepts "forever"', async () => {
    const code = await createCode(s.owner.client, wifiCode());
    const body = {
      id: code.id,
      ssid: 'free-wifi',
      encryption: 'nopass',
      password: 'ignored1',
      expir_time: 'forever',
    };
    const changed = expectOk(await change(s.owner, body)).qrcode as QrCodeDto;
    expect(changed.payload).toBe('WIFI:T:nopass;S:free-wifi;;');
    expect(changed.wifi).toMatchObject({ name: '', password: '', expir_time: null });
  });

  it.each([
    ['no SSID', { ssid: '' }, 'ssid', 'validation.ssid_required'],
    ['a full-width SSID', { ssid: 'カフェ' }, 'ssid', 'validation.ssid_full_width'],
    ['a 33-character management name', { name: '店'.repeat(33) }, 'name', 'validation.wifi_name_too_long'],
    ['a short WPA password', { password: 'short12' }, 'password', 'validation.wifi_password_invalid'],
  ])('refuses %s and changes nothing', async (_label, patch, field, rule) => {
    const code = await createCode(s.owner.client, wifiCode());
    expectError(await change(s.owner, { id: code.id, ...newProfile, ...patch }), 'E-400', { field, rule });
    const listed = expectOk(await s.owner.client.get(api.qrListData)).qrcodes as QrCodeDto[];
    expect(listed.find((c) => c.id === code.id)?.payload).toBe(code.payload);
  });

  it('refuses a URL code with E-202', async () => {
    const code = await createCode(s.owner.client, urlCode());
    expectError(await change(s.owner, { id: code.id, ...newProfile }), 'E-202');
  });

  it("answers 404 for another member's code and leaves it alone", async () => {
    const code = await createCode(s.owner.client, wifiCode());
    expectError(await change(s.other, { id: code.id, ...newProfile }), 'E-404');
    const row = await s.t.ctx.db.kysely
      .selectFrom('qr_codes')
      .select(['payload', 'wifi_ssid'])
      .where('id', '=', code.id)
      .executeTakeFirst();
    expect(row).toEqual({ payload: code.payload, wifi_ssid: 'cafe-guest' });
  });

  it('refuses a guest (401), even for its own code', async () => {
    const guest = await guestBrowser(s.t.app);
    const code = await createCode(guest, wifiCode());
    expectError(await guest.post(api.qrChangeWifiProfile, { id: code.id, ...newProfile }), 'E-401');
  });

  it('refuses a request without the CSRF token', async () => {
    const code = await createCode(s.owner.client, wifiCode());
    expectError(
      await s.owner.client.post(api.qrChangeWifiProfile, { id: code.id, ...newProfile }, { csrf: 'omit' }),
      'E-403',
    );
  });
});
