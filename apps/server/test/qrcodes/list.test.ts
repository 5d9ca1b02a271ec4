import { api } from '@qrqr/shared/paths';
import { type QrListData, qrListSchema } from '@qrqr/shared/qrcode-schemas';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../helpers/client';
import { expectAnswer, expectError, expectOk } from '../helpers/expect';
import { signUpAndActivate } from '../helpers/factories';
import { createCode, guestBrowser, textCode, twoMembersPerFile, urlCode } from '../helpers/qrcodes';

const s = twoMembersPerFile();

async function list(client: TestClient, query = ''): Promise<QrListData> {
  return expectAnswer(await client.get(`${api.qrListData}${query ? `?${query}` : ''}`), qrListSchema);
}

/** Unix ms of a time in Asia/Tokyo, e.g. tokyo('2026-04-01T23:59:59'). */
const tokyo = (local: string) => Date.parse(`${local}+09:00`);

async function setCreatedAt(id: string, at: number) {
  await s.t.ctx.db.kysely.updateTable('qr_codes').set({ created_at: at }).where('id', '=', id).execute();
}

describe('GET /qrcode/list/data', () => {
  it('pages a member’s codes newest first, 20 a page', async () => {
    const m = await signUpAndActivate(s.t.app);
    const made: string[] = [];
    for (let i = 0; i < 21; i++) made.push((await createCode(m.client, textCode({ text: `n${i}` }))).id);
    for (const [i, id] of made.entries()) await setCreatedAt(id, 1_700_000_000_000 + i * 1000);

    const first = await list(m.client);
    expect(first).toMatchObject({ total_count: 21, page: 1, page_count: 2, page_size: 20 });
    expect(first.qrcodes).toHaveLength(20);
    expect(first.qrcodes[0]?.id).toBe(made[20]);
    expect(first.history_days).toBeUndefined();
    const second = await list(m.client, 'page=2');
    expect(second.qrcodes.map((c) => c.id)).toEqual([made[0]]);
    expect(second).toMatchObject({ page: 2, page_count: 2 });
  });

  it('answers the last page that exists for a page past the end, and says which it is', async () => {
    const m = await signUpAndActivate(s.t.app);
    const made: string[] = [];
    for (let i = 0; i < 41; i++) made.push((await createCode(m.client, textCode({ text: `p${i}` }))).id);
    for (const [i, id] of made.entries()) await setCreatedAt(id, 1_700_000_000_000 + i * 1000);

    const past = await list(m.client, 'page=9');
    expect(past).toMatchObject({ total_count: 41, page: 3, page_count: 3 });
    expect(past.qrcodes.map((c) => c.id)).toEqual([made[0]]);

    // The last row of the last page deleted: the same request lands on the new last page, full.
    expectOk(await m.client.get(`${api.qrDelete}?id=${made[0]}`, { xhr: true }));
    const after = await list(m.client, 'page=3');
    expect(after).toMatchObject({ total_count: 40, page: 2, page_count: 2 });
    expect(after.qrcodes).toHaveLength(20);
    expect(after.qrcodes[19]?.id).toBe(made[1]);
  });

  it('answers page 1 of 1 for an empty list, whatever page is asked', async () => {
    const m = await signUpAndActivate(s.t.app);
    expect(await list(m.client, 'page=5')).toMatchObject({
      qrcodes: [],
      total_count: 0,
      page: 1,
      page_count: 1,
    });
    expect(await list(m.client, 'title=none&page=2')).toMatchObject({ total_count: 0, page: 1 });
  });

  it('excludes other members’ codes', async () => {
    const mine = await createCode(s.owner.client, urlCode({ title: 'mine' }));
    const theirs = await createCode(s.other.client, urlCode({ title: 'theirs' }));
    const ids = (await list(s.owner.client)).qrcodes.map((c) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });

  it('searches titles as a case-insensitive substring, wildcards taken literally', async () => {
    const m = await signUpAndActivate(s.t.app);
    for (const title of ['Cafe Menu', 'CAFE 100% OFF', 'cafe_terrace', 'ＣＡＦＥ全角', 'Shop']) {
      await createCode(m.client, urlCode({ title }));
    }
    const titles = async (q: string) =>
      (await list(m.client, `title=${encodeURIComponent(q)}`)).qrcodes.map((c) => c.title).sort();
    expect(await titles('cafe')).toEqual(['CAFE 100% OFF', 'Cafe Menu', 'cafe_terrace', 'ＣＡＦＥ全角']);
    expect(await titles('%')).toEqual(['CAFE 100% OFF']);
    expect(await titles('e_t')).toEqual(['cafe_terrace']);
    expect(await titles('全角')).toEqual(['ＣＡＦＥ全角']);
    expect(await titles('none')).toEqual([]);
    expect((await list(m.client, 'title=')).total_count).toBe(5);
  });

  it('filters by created date, from and to being inclusive Tokyo days', async () => {
    const m = await signUpAndActivate(s.t.app);
    const at = {
      before: tokyo('2026-03-31T23:59:59'),
      first: tokyo('2026-04-01T00:00:00'),
      last: tokyo('2026-04-02T23:59:59.999'),
      after: tokyo('2026-04-03T00:00:00'),
    };
    for (const [title, time] of Object.entries(at)) {
      await setCreatedAt((await createCode(m.client, urlCode({ title }))).id, time);
    }
    const titles = async (q: string) => (await list(m.client, q)).qrcodes.map((c) => c.title);
    expect(await titles('from=2026-04-01&to=2026-04-02')).toEqual(['last', 'first']);
    expect(await titles('from=2026-04-02')).toEqual(['after', 'last']);
    expect(await titles('to=2026-03-31')).toEqual(['before']);
    expect(await titles('from=2026-04-01&to=2026-04-01')).toEqual(['first']);
  });

  it('refuses bad query values', async () => {
    expectError(await s.owner.client.get(`${api.qrListData}?from=2026/04/01`), 'E-400', {
      field: 'from',
      rule: 'validation.date_invalid',
    });
    expectError(await s.owner.client.get(`${api.qrListData}?to=2026-02-30`), 'E-400', {
      field: 'to',
      rule: 'validation.date_invalid',
    });
    expectError(await s.owner.client.get(`${api.qrListData}?page=0`), 'E-400');
  });

  it('lists nothing shared yet: type=share and share=exist are empty', async () => {
    await createCode(s.owner.client, urlCode());
    expect(await list(s.owner.client, 'type=share')).toMatchObject({ qrcodes: [], total_count: 0 });
    expect(await list(s.owner.client, 'share=exist')).toMatchObject({ qrcodes: [], total_count: 0 });
  });
});

describe('GET /qrcode/list/data for guests', () => {
  it('lists the codes of this browser’s history cookie with history_days', async () => {
    const guest = await guestBrowser(s.t.app);
    const a = await createCode(guest, urlCode({ title: 'a' }));
    const b = await createCode(guest, textCode({ title: 'b' }));
    await createCode(await guestBrowser(s.t.app), urlCode({ title: 'someone else' }));
    const data = await list(guest);
    expect(data.qrcodes.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    expect(data).toMatchObject({ total_count: 2, history_days: 1 });
  });

  it('lists nothing without a cookie, or after the cookie is gone', async () => {
    const guest = await guestBrowser(s.t.app);
    expect(await list(guest)).toMatchObject({ qrcodes: [], total_count: 0, history_days: 1 });
    await createCode(guest, urlCode());
    guest.cookies.delete('qr_history');
    expect((await list(guest)).total_count).toBe(0);
  });

  it('does not show guest codes to a member, nor a member’s codes to a guest', async () => {
    const guest = await guestBrowser(s.t.app);
    const guestCode = await createCode(guest, urlCode());
    const memberCode = await createCode(s.owner.client, urlCode());
    expect((await list(s.owner.client)).qrcodes.map((c) => c.id)).not.toContain(guestCode.id);
    expect((await list(guest)).qrcodes.map((c) => c.id)).not.toContain(memberCode.id);
  });
});
