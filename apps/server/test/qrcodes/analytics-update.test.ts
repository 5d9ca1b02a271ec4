import type { AddressInfo } from 'node:net';
import { api } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/expect';
import type { Member } from '../helpers/factories';
import {
  createCode,
  guestBrowser,
  PHONE_UA,
  redirectPath,
  textCode,
  twoMembersPerFile,
  urlCode,
  wifiCode,
} from '../helpers/qrcodes';

const s = twoMembersPerFile();

type Body = Record<string, string | number | boolean>;

const update = (member: Member, body: Body) => member.client.post(api.qrAnalyticsUpdate, body);

async function listed(member: Member, id: string): Promise<QrCodeDto | undefined> {
  const codes = expectOk(await member.client.get(api.qrListData)).qrcodes as QrCodeDto[];
  return codes.find((c) => c.id === id);
}

const kinds = {
  'URL, no analysis': urlCode(),
  'URL, redirect': urlCode({ analysis_type: 1 }),
  'URL, secret': urlCode({ analysis_type: 2 }),
  'text, redirect': textCode({ analysis_type: 1 }),
  'text, secret': textCode({ analysis_type: 2 }),
  'Wi-Fi, no analysis': wifiCode(),
  'Wi-Fi, secret': wifiCode({ analysis_type: 2 }),
};
type Kind = keyof typeof kinds;

describe('POST /qrcode/analyticsUpdate/', () => {
  // Redirect and secret codes pass through us, so they may stop and start counting; the printed
  // payload never changes.
  it.each([
    ['URL, redirect', 1],
    ['URL, secret', 2],
    ['text, redirect', 1],
    ['text, secret', 2],
    ['Wi-Fi, secret', 2],
  ] as Array<[Kind, number]>)(
    '%s: turns counting off and on again, the code unchanged',
    async (kind, type) => {
      const code = await createCode(s.owner.client, kinds[kind]);
      const off = expectOk(await update(s.owner, { id: code.id, analytics: false })).qrcode as QrCodeDto;
      expect(off).toMatchObject({ analysis: false, analysis_type: type, payload: code.payload });
      expect(await listed(s.owner, code.id)).toMatchObject({ analysis: false, analysis_type: type });
      // Off with "none" as the method means the same.
      expectOk(await update(s.owner, { id: code.id, analytics: false, analytics_type: 0 }));
      const on = expectOk(await update(s.owner, { id: code.id, analytics: true, analytics_type: type }))
        .qrcode as QrCodeDto;
      expect(on).toMatchObject({ analysis: true, analysis_type: type, payload: code.payload });
    },
  );

  it.each([
    ['URL, no analysis', 1],
    ['URL, no analysis', 2],
    ['Wi-Fi, no analysis', 2],
  ] as Array<[Kind, number]>)('%s: refuses to start counting with method %i (E-203)', async (kind, type) => {
    const code = await createCode(s.owner.client, kinds[kind]);
    expectError(await update(s.owner, { id: code.id, analytics: true, analytics_type: type }), 'E-203');
    expect(await listed(s.owner, code.id)).toMatchObject({ analysis: false, analysis_type: 0 });
  });

  it('lets a code without analysis stay off (nothing to change)', async () => {
    const code = await createCode(s.owner.client, urlCode());
    const same = expectOk(await update(s.owner, { id: code.id, analytics: false, analytics_type: 0 }))
      .qrcode as QrCodeDto;
    expect(same).toMatchObject({ analysis: false, analysis_type: 0, payload: code.payload });
  });

  it.each([
    ['URL, redirect', 2, true],
    ['URL, secret', 1, true],
    ['text, redirect', 2, false],
    ['Wi-Fi, secret', 1, true],
  ] as Array<[Kind, number, boolean]>)(
    '%s: refuses to switch to method %i (E-204), counting or not',
    async (kind, type, analytics) => {
      const code = await createCode(s.owner.client, kinds[kind]);
      expectError(await update(s.owner, { id: code.id, analytics, analytics_type: type }), 'E-204');
      expect(await listed(s.owner, code.id)).toMatchObject({
        analysis: true,
        analysis_type: code.analysis_type,
        payload: code.payload,
      });
    },
  );

  it('explains a refusal in English for an English request', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    s.owner.client.cookies.set('lang', 'en');
    try {
      const res = await update(s.owner, { id: code.id, analytics: true, analytics_type: 2 });
      expectError(res, 'E-204', { locale: 'en' });
      expect(res.json().status.message).toContain('print it again');
    } finally {
      s.owner.client.cookies.delete('lang');
    }
  });

  it('stops counting /r/ reads while off, and the code still redirects', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const scan = () => s.t.app.inject({ url: redirectPath(code), headers: { 'user-agent': PHONE_UA } });
    expect((await scan()).statusCode).toBe(302);
    expectOk(await update(s.owner, { id: code.id, analytics: false }));
    const paused = await scan();
    expect(paused.statusCode).toBe(302);
    expect(paused.headers.location).toBe('https://example.jp/menu');
    expectOk(await update(s.owner, { id: code.id, analytics: true, analytics_type: 1 }));
    await scan();
    await s.t.reads.flush();
    // The scan while paused was not counted: two of three.
    expect((await listed(s.owner, code.id))?.total_read_count).toBe(2);
  });

  it('does not count a paused code on the listener fast path either (cached scans over HTTP)', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.t.app.server.address() as AddressInfo;
    const scan = () =>
      fetch(`http://127.0.0.1:${port}${redirectPath(code)}`, {
        redirect: 'manual',
        headers: { 'user-agent': PHONE_UA },
      });
    expectOk(await update(s.owner, { id: code.id, analytics: false }));
    // The first scan fills the cache through the route, the next ones take the fast path.
    for (let i = 0; i < 3; i += 1) expect((await scan()).status).toBe(302);
    await s.t.reads.flush();
    expect((await listed(s.owner, code.id))?.total_read_count).toBe(0);
    expectOk(await update(s.owner, { id: code.id, analytics: true, analytics_type: 1 }));
    for (let i = 0; i < 2; i += 1) expect((await scan()).status).toBe(302);
    await s.t.reads.flush();
    expect((await listed(s.owner, code.id))?.total_read_count).toBe(2);
  });

  it("does not count our reader's reads of a paused secret code, which still resolves", async () => {
    const code = await createCode(s.owner.client, textCode({ analysis_type: 2 }));
    const reader = await guestBrowser(s.t.app);
    const read = () =>
      reader.post(api.readerResolve, { text: code.payload }, { headers: { 'user-agent': PHONE_UA } });
    expectOk(await update(s.owner, { id: code.id, analytics: false }));
    expect(expectOk(await read())).toMatchObject({ result: { kind: 'text', text: '本日のおすすめ' } });
    await s.t.reads.flush();
    expect((await listed(s.owner, code.id))?.total_read_count).toBe(0);
    expectOk(await update(s.owner, { id: code.id, analytics: true, analytics_type: 2 }));
    expectOk(await read());
    await s.t.reads.flush();
    expect((await listed(s.owner, code.id))?.total_read_count).toBe(1);
  });

  it.each([
    ['no id', { analytics: false }, 'id', 'validation.required'],
    ['no flag', { analytics_type: 1 }, 'analytics', 'validation.analytics_flag'],
    ['a word for the flag', { analytics: 'maybe' }, 'analytics', 'validation.analytics_flag'],
    ['on without a method', { analytics: true }, 'analytics_type', 'validation.analysis_type'],
    [
      'on with method none',
      { analytics: true, analytics_type: 0 },
      'analytics_type',
      'validation.analysis_type',
    ],
    [
      'an unknown method',
      { analytics: false, analytics_type: 3 },
      'analytics_type',
      'validation.analysis_type',
    ],
  ] as Array<[string, Body, string, string]>)('refuses %s (E-400)', async (_label, patch, field, rule) => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const body: Partial<Body> = field === 'id' ? { ...patch } : { id: code.id, ...patch };
    expectError(await update(s.owner, body as Body), 'E-400', { field, rule });
  });

  it('accepts a form-encoded body', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const res = await s.owner.client.post(
      api.qrAnalyticsUpdate,
      { id: code.id, analytics: '0', analytics_type: '1' },
      { form: true },
    );
    expect((expectOk(res).qrcode as QrCodeDto).analysis).toBe(false);
  });

  it("answers 404 for another member's code and leaves it counting", async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    expectError(await update(s.other, { id: code.id, analytics: false }), 'E-404');
    expectError(await update(s.other, { id: 'nosuchcode000000', analytics: false }), 'E-404');
    expect((await listed(s.owner, code.id))?.analysis).toBe(true);
  });

  it('refuses a guest (401), even for a code of its own history', async () => {
    const guest = await guestBrowser(s.t.app);
    const code = await createCode(guest, urlCode({ analysis_type: 1 }));
    expectError(await guest.post(api.qrAnalyticsUpdate, { id: code.id, analytics: false }), 'E-401');
    const history = expectOk(await guest.get(api.qrListData)).qrcodes as QrCodeDto[];
    expect(history.find((c) => c.id === code.id)?.analysis).toBe(true);
  });

  it('refuses a request without the CSRF token or with a wrong one', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const body = { id: code.id, analytics: false };
    expectError(await s.owner.client.post(api.qrAnalyticsUpdate, body, { csrf: 'omit' }), 'E-403');
    expectError(await s.owner.client.post(api.qrAnalyticsUpdate, body, { csrf: 'x'.repeat(43) }), 'E-403');
    expect((await listed(s.owner, code.id))?.analysis).toBe(true);
  });
});
