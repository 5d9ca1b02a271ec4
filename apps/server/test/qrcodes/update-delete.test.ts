import { api } from '@qrqr/shared/paths';
import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/expect';
import { createCode, guestBrowser, textCode, twoMembersPerFile, urlCode } from '../helpers/qrcodes';

const s = twoMembersPerFile();

describe('POST /qrcode/titleUpdate/', () => {
  it('renames the code', async () => {
    const code = await createCode(s.owner.client, urlCode({ title: 'old' }));
    const body = expectOk(
      await s.owner.client.post(api.qrTitleUpdate, { id: code.id, title: ' 新しい名前 ' }),
    );
    expect(body.qrcode).toMatchObject({ id: code.id, title: '新しい名前', payload: code.payload });
    const listed = expectOk(await s.owner.client.get(`${api.qrListData}?title=新しい`));
    expect(listed.total_count).toBe(1);
  });

  it('refuses a guest (401), even for its own code', async () => {
    const guest = await guestBrowser(s.t.app);
    const code = await createCode(guest, urlCode());
    expectError(await guest.post(api.qrTitleUpdate, { id: code.id, title: 'x' }), 'E-401');
  });

  it.each([
    ['no id', { title: 'x' }, 'id', 'validation.required'],
    ['a 256-character title', { id: 'abc', title: 't'.repeat(256) }, 'title', 'validation.title_too_long'],
  ])('refuses %s', async (_label, body, field, rule) => {
    expectError(await s.owner.client.post(api.qrTitleUpdate, body), 'E-400', { field, rule });
  });

  it("answers 404 for another member's code and leaves it alone", async () => {
    const code = await createCode(s.owner.client, urlCode({ title: 'mine' }));
    expectError(await s.other.client.post(api.qrTitleUpdate, { id: code.id, title: 'hacked' }), 'E-404');
    const row = await s.t.ctx.db.kysely
      .selectFrom('qr_codes')
      .select('title')
      .where('id', '=', code.id)
      .executeTakeFirst();
    expect(row?.title).toBe('mine');
  });

  it('refuses a request without the CSRF token', async () => {
    const code = await createCode(s.owner.client, urlCode());
    expectError(
      await s.owner.client.post(api.qrTitleUpdate, { id: code.id, title: 'x' }, { csrf: 'omit' }),
      'E-403',
    );
  });
});

describe('POST /qrcode/redirectUrlUpdate/', () => {
  it('changes the destination of a redirect URL code, not its code', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const body = expectOk(
      await s.owner.client.post(api.qrRedirectUrlUpdate, { id: code.id, url: 'https://example.jp/spring' }),
    );
    expect(body.qrcode).toMatchObject({
      url: 'https://example.jp/spring',
      payload: code.payload,
      redirect_url: code.redirect_url,
      version: code.version,
    });
  });

  it('reads a new destination typed without a scheme as https', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const body = expectOk(
      await s.owner.client.post(api.qrRedirectUrlUpdate, { id: code.id, url: 'example.jp/summer' }),
    );
    expect(body.qrcode).toMatchObject({ url: 'https://example.jp/summer', payload: code.payload });
  });

  it.each([
    ['a plain URL code', urlCode()],
    ['a secret URL code', urlCode({ analysis_type: 2 })],
    ['a redirect text code', textCode({ analysis_type: 1 })],
  ])('refuses %s with E-201', async (_label, create) => {
    const code = await createCode(s.owner.client, create);
    expectError(
      await s.owner.client.post(api.qrRedirectUrlUpdate, { id: code.id, url: 'https://example.jp/' }),
      'E-201',
    );
  });

  it.each([
    ['an empty URL', '', 'validation.url_required'],
    ['a javascript: URL', 'javascript:alert(1)', 'validation.url_invalid'],
    ['a word that is no address', 'hello', 'validation.url_invalid'],
  ])('refuses %s', async (_label, url, rule) => {
    expectError(await s.owner.client.post(api.qrRedirectUrlUpdate, { id: 'abc', url }), 'E-400', {
      field: 'url',
      rule,
    });
  });

  it('refuses guests (401) and answers 404 for another member', async () => {
    const code = await createCode(s.owner.client, urlCode({ analysis_type: 1 }));
    const guest = await guestBrowser(s.t.app);
    expectError(
      await guest.post(api.qrRedirectUrlUpdate, { id: code.id, url: 'https://evil.example/' }),
      'E-401',
    );
    expectError(
      await s.other.client.post(api.qrRedirectUrlUpdate, { id: code.id, url: 'https://evil.example/' }),
      'E-404',
    );
  });
});

describe('GET /qrcode/delete/', () => {
  const del = (id: string) => `${api.qrDelete}?id=${encodeURIComponent(id)}`;

  it('deletes the code, which leaves the list', async () => {
    const code = await createCode(s.owner.client, urlCode());
    expectOk(await s.owner.client.get(del(code.id), { xhr: true }));
    const ids = (expectOk(await s.owner.client.get(api.qrListData)).qrcodes as Array<{ id: string }>).map(
      (c) => c.id,
    );
    expect(ids).not.toContain(code.id);
    expectError(await s.owner.client.get(del(code.id), { xhr: true }), 'E-404');
  });

  it('needs X-Requested-With and the CSRF token (403), like a POST', async () => {
    const code = await createCode(s.owner.client, urlCode());
    expectError(await s.owner.client.get(del(code.id)), 'E-403');
    expectError(
      await s.owner.client.get(del(code.id), { headers: { 'x-requested-with': 'XMLHttpRequest' } }),
      'E-403',
    );
    expectError(
      await s.owner.client.get(del(code.id), {
        xhr: true,
        headers: { 'x-xsrf-token': s.other.client.csrfToken ?? '' },
      }),
      'E-403',
    );
    expectOk(await s.owner.client.get(del(code.id), { xhr: true }));
  });

  it('refuses guests (401) and answers 404 for another member', async () => {
    const code = await createCode(s.owner.client, urlCode());
    expectError(await (await guestBrowser(s.t.app)).get(del(code.id), { xhr: true }), 'E-401');
    expectError(await s.other.client.get(del(code.id), { xhr: true }), 'E-404');
    expect((await s.owner.client.get(`${api.qrDownload}?qr_data_id=${code.id}&type=4`)).statusCode).toBe(200);
  });

  it('refuses a missing id', async () => {
    expectError(await s.owner.client.get(api.qrDelete, { xhr: true }), 'E-400', {
      field: 'id',
      rule: 'validation.required',
    });
  });
});
