import { translate } from '@qrqr/shared/messages';
import { bulkApi } from '@qrqr/shared/qr-bulk-paths';
import { bulkCreateAnswer, bulkPreviewAnswer } from '@qrqr/shared/qr-bulk-schemas';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectAnswer, expectError } from '../helpers/expect';
import { guestBrowser, twoMembersPerFile } from '../helpers/qrcodes';
import { cp932, sendCsv, utf8, utf8Bom, utf16Tabs } from './bulk-helpers';

const s = twoMembersPerFile();

const TABLES = [
  'タイトル,内容,SSID,セキュリティ,パスワード',
  'テーブル①,https://example.jp/menu?t=1,,,',
  '髙橋様の席,本日のおすすめ：㈱カフェ,,,',
  '店内Wi-Fi,,cafe-guest,WPA2,coffee1234',
].join('\r\n');

async function memberCodeCount(userId: string): Promise<number> {
  const row = await s.t.ctx.db.kysely
    .selectFrom('qr_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /qrcode/bulk/preview/ and /qrcode/bulk/create/', () => {
  it('refuses a guest before reading the file', async () => {
    const guest = await guestBrowser(s.t.app);
    expectError(await sendCsv(guest, 'preview', utf8(TABLES)), 'E-401');
    expectError(await sendCsv(guest, 'create', utf8(TABLES)), 'E-401');
  });

  it('refuses a call without the CSRF token', async () => {
    const res = await s.owner.client.post(bulkApi.create, undefined, {
      raw: { payload: utf8(TABLES), contentType: 'text/csv' },
      csrf: 'omit',
    });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['Shift_JIS (CP932) as Excel saves it', cp932(TABLES), 'shift_jis'],
    ['UTF-8 with a BOM', utf8Bom(TABLES), 'utf-8'],
    ['UTF-8 without a BOM', utf8(TABLES), 'utf-8'],
    ["Excel's Unicode text (UTF-16LE with BOM, tab-separated)", utf16Tabs(TABLES), 'utf-16'],
  ])('reads %s without garbling and writes nothing', async (_label, bytes, encoding) => {
    const before = await memberCodeCount(s.owner.user.user_id);
    const preview = expectAnswer(await sendCsv(s.owner.client, 'preview', bytes), bulkPreviewAnswer);
    expect(preview.encoding).toBe(encoding);
    expect(preview.rows.map((r) => [r.line, r.tab, r.title, r.content, r.errors])).toEqual([
      [2, 0, 'テーブル①', 'https://example.jp/menu?t=1', []],
      [3, 1, '髙橋様の席', '本日のおすすめ：㈱カフェ', []],
      [4, 2, '店内Wi-Fi', 'cafe-guest', []],
    ]);
    expect(await memberCodeCount(s.owner.user.user_id)).toBe(before);
  });

  it("answers each row's errors with the create form's rules and messages, in the caller's language", async () => {
    const csv = [
      'title,type,content,ssid,security,password,analysis_type',
      'empty url,url,,,,,',
      'bad url,url,https://exa mple,,,,',
      'no text,text,,,,,',
      'wifi without ssid,wifi,,,WPA,coffee1234,',
      'short password,wifi,,cafe,WPA,123,',
      'Japanese ssid,wifi,,カフェ,WPA,coffee1234,',
      'odd type,fax,x,,,,',
      'odd security,wifi,,cafe,TKIP,coffee1234,',
      'redirect wifi,wifi,,cafe,WPA,coffee1234,1',
      'own redirect,url,http://qr.test/r/abcdefg,,,,1',
      `${'長'.repeat(256)},text,ok,,,,`,
      `too long,text,${'あ'.repeat(800)},,,,`,
      'fine,text,ok,,,,2',
    ].join('\n');
    const res = await sendCsv(s.owner.client, 'preview', utf8(csv));
    const preview = expectAnswer(res, bulkPreviewAnswer);
    const errors = preview.rows.map((r) => r.errors.map((e) => [e.field, e.rule]));
    expect(errors).toEqual([
      [['content', 'validation.url_required']],
      [['content', 'validation.url_invalid']],
      [['content', 'validation.text_required']],
      [['ssid', 'validation.ssid_required']],
      [['password', 'validation.wifi_password_invalid']],
      [['ssid', 'validation.ssid_full_width']],
      [['type', 'validation.bulk_type']],
      [['security', 'validation.bulk_security']],
      [['analysis_type', 'validation.analysis_type']],
      [['content', 'validation.url_own_redirect']],
      [['title', 'validation.title_too_long']],
      [['content', 'validation.content_too_long']],
      [],
    ]);
    for (const e of preview.rows.flatMap((r) => r.errors)) expect(e.message).toBe(translate(e.rule, 'ja'));
    expect([preview.valid_count, preview.invalid_count]).toEqual([1, 12]);
    const en = await s.owner.client.post(`${bulkApi.preview}`, undefined, {
      raw: { payload: utf8(csv), contentType: 'text/csv' },
      headers: { 'accept-language': 'en' },
    });
    const first = expectAnswer(en, bulkPreviewAnswer).rows[0]?.errors[0];
    expect(first?.message).toBe(translate('validation.url_required', 'en'));
  });

  it('creates the valid rows in one call, with the analysis type of the file or of the row', async () => {
    const csv = [
      'タイトル,内容,解析',
      '卓1,https://example.jp/1,',
      '卓2,https://example.jp/2,なし',
      '卓3,,',
    ].join('\n');
    const before = await memberCodeCount(s.owner.user.user_id);
    const made = expectAnswer(await sendCsv(s.owner.client, 'create', cp932(csv), 1), bulkCreateAnswer);
    expect([made.created_count, made.valid_count, made.invalid_count, made.ids.length]).toEqual([2, 2, 1, 2]);
    expect(made.rows[2]?.errors[0]?.rule).toBe('validation.text_required');
    expect(await memberCodeCount(s.owner.user.user_id)).toBe(before + 2);
    const rows = await s.t.ctx.db.kysely
      .selectFrom('qr_codes')
      .select(['id', 'title', 'analysis_type', 'payload'])
      .where('id', 'in', made.ids)
      .execute();
    const byTitle = Object.fromEntries(rows.map((r) => [r.title, r]));
    expect(byTitle.卓1?.analysis_type).toBe(1);
    expect(byTitle.卓1?.payload).toMatch(/^http:\/\/qr\.test\/r\//);
    expect(byTitle.卓2?.analysis_type).toBe(0);
    expect(byTitle.卓2?.payload).toBe('https://example.jp/2');
  });

  it('takes 1,000 rows and refuses 1,001 before checking any', async () => {
    const rows = (n: number) =>
      [
        'title,content',
        ...Array.from({ length: n }, (_, i) => `席${i + 1},https://example.jp/t/${i + 1}`),
      ].join('\n');
    const before = await memberCodeCount(s.owner.user.user_id);
    expectError(await sendCsv(s.owner.client, 'create', utf8(rows(1001))), 'E-400', {
      field: 'file',
      rule: 'validation.bulk_csv_rows',
    });
    const made = expectAnswer(await sendCsv(s.owner.client, 'create', utf8(rows(1000))), bulkCreateAnswer);
    expect(made.created_count).toBe(1000);
    expect(await memberCodeCount(s.owner.user.user_id)).toBe(before + 1000);
  }, 60_000);

  it('creates all rows or none: a failing insert leaves no code of the file', async () => {
    const db = s.t.ctx.db;
    // A real failure inside the transaction: the database refuses the third row.
    if (db.dialect === 'sqlite')
      await sql`create trigger refuse_boom before insert on qr_codes when new.title = 'boom'
        begin select raise(abort, 'refused'); end`.execute(db.kysely);
    else {
      await sql`create function refuse_boom() returns trigger language plpgsql as $$
        begin if new.title = 'boom' then raise exception 'refused'; end if; return new; end $$`.execute(
        db.kysely,
      );
      await sql`create trigger refuse_boom before insert on qr_codes for each row execute function refuse_boom()`.execute(
        db.kysely,
      );
    }
    try {
      const before = await memberCodeCount(s.owner.user.user_id);
      const csv = [
        'title,content',
        'a,https://example.jp/a',
        'b,https://example.jp/b',
        'boom,https://example.jp/c',
      ];
      const res = await sendCsv(s.owner.client, 'create', utf8(csv.join('\n')));
      expect(res.statusCode).toBe(500);
      expect(await memberCodeCount(s.owner.user.user_id)).toBe(before);
    } finally {
      await sql`drop trigger refuse_boom ${db.dialect === 'sqlite' ? sql`` : sql`on qr_codes`}`.execute(
        db.kysely,
      );
    }
  });

  it.each([
    ['an empty file', utf8(''), 'validation.bulk_csv_empty'],
    ['a header alone', utf8('title,content\r\n'), 'validation.bulk_csv_empty'],
    ['an open quote', utf8('title,content\n"a,https://example.jp'), 'validation.bulk_csv_quote'],
    [
      'bytes neither UTF-8 nor Shift_JIS',
      Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x0a]),
      'validation.bulk_csv_encoding',
    ],
  ])('refuses %s naming the file', async (_label, bytes, rule) => {
    expectError(await sendCsv(s.owner.client, 'preview', bytes), 'E-400', { field: 'file', rule });
  });

  describe('a file in neither UTF-8 nor Shift_JIS', () => {
    // A Western menu saved as Latin-1 / Windows-1252: every row reads as Shift_JIS without an
    // error, as rare kanji and half-width katakana, so only the rule of csv-text.ts refuses it.
    const latin1 = (text: string) => Buffer.from(text, 'latin1');
    it.each([
      [
        'crème brûlée (è before a letter: one kanji)',
        'title,content\r\nCrème brûlée,https://example.jp/dessert\r\n',
      ],
      ['São Paulo (ã before a letter, then a space)', 'title,content\r\nSão Paulo,https://example.jp/sp\r\n'],
      [
        'MÜNCHEN (Ü between capitals: one half-width katakana)',
        'title,content\r\nMÜNCHEN,https://example.jp/m\r\n',
      ],
      ['Straße (ß between letters)', 'title,content\r\nStraße 5,https://example.jp/s\r\n'],
      ['Smørrebrød (ø: a user-defined character)', 'title,content\r\nSmørrebrød,https://example.jp/dk\r\n'],
    ])('refuses %s with the field error, in ja and en, and creates nothing', async (_label, csv) => {
      const bytes = latin1(csv);
      // The bytes are valid Shift_JIS: the old reading garbled them silently.
      expect(() => new TextDecoder('shift_jis', { fatal: true }).decode(bytes)).not.toThrow();
      expectError(await sendCsv(s.owner.client, 'preview', bytes), 'E-400', {
        field: 'file',
        rule: 'validation.bulk_csv_charset',
      });
      const en = await s.owner.client.post(bulkApi.preview, undefined, {
        raw: { payload: bytes, contentType: 'text/csv' },
        headers: { 'accept-language': 'en' },
      });
      expectError(en, 'E-400', { field: 'file', rule: 'validation.bulk_csv_charset', locale: 'en' });
      const before = await memberCodeCount(s.owner.user.user_id);
      expectError(await sendCsv(s.owner.client, 'create', bytes), 'E-400', {
        field: 'file',
        rule: 'validation.bulk_csv_charset',
      });
      expect(await memberCodeCount(s.owner.user.user_id)).toBe(before);
    });

    it('still reads Shift_JIS whose bytes come near the rule: katakana after Latin letters, half-width katakana, rare kanji', async () => {
      const csv = [
        'title,content',
        // ア is 0x83 0x41: its second byte is an "A", never taken for one.
        'Wi-Fiアクセス,https://example.jp/1',
        'ﾃｰﾌﾞﾙA,https://example.jp/2',
        'CAFEｶﾌｪ,https://example.jp/3',
        'Mr.髙橋の席,https://example.jp/4',
        '鴎外Bar 蘂,https://example.jp/5',
      ].join('\r\n');
      const preview = expectAnswer(await sendCsv(s.owner.client, 'preview', cp932(csv)), bulkPreviewAnswer);
      expect(preview.encoding).toBe('shift_jis');
      expect(preview.rows.map((r) => r.title)).toEqual([
        'Wi-Fiアクセス',
        'ﾃｰﾌﾞﾙA',
        'CAFEｶﾌｪ',
        'Mr.髙橋の席',
        '鴎外Bar 蘂',
      ]);
    });

    it('reads the same Western text saved as UTF-8', async () => {
      const preview = expectAnswer(
        await sendCsv(
          s.owner.client,
          'preview',
          utf8('title,content\r\nCrème brûlée,https://example.jp/d\r\n'),
        ),
        bulkPreviewAnswer,
      );
      expect(preview.rows[0]?.title).toBe('Crème brûlée');
    });
  });

  it('reads a file without a header by position, and quoted cells with commas and line breaks', async () => {
    const csv = '"メニュー, 夏","https://example.jp/summer"\n"お知らせ","一行目\n二行目"\n';
    const preview = expectAnswer(await sendCsv(s.owner.client, 'preview', cp932(csv)), bulkPreviewAnswer);
    expect(preview.rows.map((r) => [r.line, r.title, r.content, r.tab])).toEqual([
      [1, 'メニュー, 夏', 'https://example.jp/summer', 0],
      [2, 'お知らせ', '一行目\n二行目', 1],
    ]);
  });
});
