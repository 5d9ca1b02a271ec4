import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync, inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { channelPath } from '@qrqr/shared/channel-paths';
import { api } from '@qrqr/shared/paths';
import { bulkApi } from '@qrqr/shared/qr-bulk-paths';
import { bulkCreateAnswer } from '@qrqr/shared/qr-bulk-schemas';
import { DESIGN_PRESETS } from '@qrqr/shared/qr-design-constants';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { zipEntries } from '../../../../e2e/support/unzip';
import { decodeCodes } from '../helpers/barcodes';
import { createChannel, registeredMember } from '../helpers/channels';
import { expectAnswer, expectError } from '../helpers/expect';
import { multipartBody, pngBytes } from '../helpers/images';
import { createCode, guestBrowser, twoMembersPerFile, urlCode, wifiCode } from '../helpers/qrcodes';
import { cp932, sendCsv } from './bulk-helpers';

const s = twoMembersPerFile();

async function createRows(csv: string): Promise<string[]> {
  return expectAnswer(await sendCsv(s.owner.client, 'create', cp932(csv)), bulkCreateAnswer).ids;
}

describe('POST /qrcode/bulk/zip/', () => {
  it('streams the selected codes as images named from their titles, each decoding to its content', async () => {
    const ids = await createRows(
      [
        'title,content',
        'テーブル1,https://example.jp/t/1',
        'テーブル1,https://example.jp/t/1b',
        'TABLE1,https://example.jp/t/1c',
        'a/b:c*d?"e"<f>|g,https://example.jp/t/2',
        'CON,https://example.jp/t/3',
        'lpt1.menu,https://example.jp/t/4',
        '..end. ,https://example.jp/t/5',
        ',https://example.jp/t/6',
      ].join('\n'),
    );
    const res = await s.owner.client.post(bulkApi.zip, { ids, type: 1, op_size: 4, op_margin: 4 });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const entries = await zipEntries(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      'テーブル1.png',
      'テーブル1 (2).png',
      'TABLE1.png',
      'a_b_c_d_e_f_g.png',
      '_CON.png',
      '_lpt1.menu.png',
      'end.png',
      `qrcode-${ids[7]}.png`,
    ]);
    const texts = await Promise.all(entries.map((e) => decodeCodes(e.data, 'QRCode')));
    expect(texts.map((t) => t[0])).toEqual(
      [1, '1b', '1c', 2, 3, 4, 5, 6].map((n) => `https://example.jp/t/${n}`),
    );
  });

  it('keeps the Wi-Fi frame and every format the single download offers', async () => {
    const wifi = await createCode(s.owner.client, wifiCode({ title: '店内Wi-Fi' }));
    for (const [type, ext] of [
      [2, 'jpg'],
      [3, 'eps'],
      [4, 'svg'],
    ] as const) {
      const res = await s.owner.client.post(bulkApi.zip, { ids: [wifi.id], type });
      expect(res.statusCode).toBe(200);
      const [entry] = await zipEntries(res.rawPayload);
      expect(entry?.name).toBe(`店内Wi-Fi.${ext}`);
      expect(entry?.data.length).toBeGreaterThan(500);
    }
  });

  it('deflates SVG and EPS entries to the same bytes as the single download, and stores PNG and JPEG', async () => {
    const code = await createCode(s.owner.client, { tab: 1, analysis_type: 0, text: 'テーブル7の注文票' });
    for (const [type, deflated] of [
      [4, true],
      [3, true],
      [1, false],
      [2, false],
    ] as const) {
      const res = await s.owner.client.post(bulkApi.zip, { ids: [code.id], type, op_size: 6, op_margin: 4 });
      expect(res.statusCode).toBe(200);
      const [entry, more] = await zipEntries(res.rawPayload, { raw: true });
      expect(more).toBeUndefined();
      const single = await s.owner.client.get(
        `${api.qrDownload}?qr_data_id=${code.id}&type=${type}&op_size=6&op_margin=4`,
      );
      expect(single.statusCode).toBe(200);
      expect(entry?.method, `type ${type}`).toBe(deflated ? 8 : 0);
      const body = deflated ? inflateRawSync(entry?.data ?? Buffer.alloc(0)) : entry?.data;
      // An EPS names the moment it was drawn (%%CreationDate): the rest is byte for byte the same.
      const undated = (b: Buffer | undefined) =>
        b?.toString('latin1').replace(/^%%CreationDate: .*$/m, '%%CreationDate:');
      expect(undated(body) === undated(single.rawPayload), `type ${type}`).toBe(true);
      expect(body?.length).toBe(single.rawPayload.length);
      // A text image shrinks to well under half its size.
      if (deflated) expect(entry?.data.length).toBeLessThan(single.rawPayload.length / 2);
    }
  });

  it("refuses another member's code, a guest and an image past the pixel budget, before streaming", async () => {
    const mine = await createCode(s.owner.client, { tab: 1, analysis_type: 0, text: '秘密' });
    const res = await s.other.client.post(bulkApi.zip, { ids: [mine.id], type: 1 });
    expectError(res, 'E-404');
    const guest = await guestBrowser(s.t.app);
    expectError(await guest.post(bulkApi.zip, { ids: [mine.id], type: 1 }), 'E-401');
    const long = await createCode(s.owner.client, { tab: 1, analysis_type: 0, text: 'あ'.repeat(700) });
    const huge = { ids: [long.id], type: 1, op_size: 50, op_margin: 20 };
    expectError(await s.owner.client.post(bulkApi.zip, huge), 'E-400', {
      field: 'op_size',
      rule: 'validation.image_too_large',
    });
    expectError(await s.owner.client.post(bulkApi.zip, { ids: [], type: 1 }), 'E-400', {
      field: 'ids',
      rule: 'validation.bulk_ids',
    });
  });
});

describe('POST /qrcode/bulk/pdf/', () => {
  it('lays the codes out on A4 or A3 with their titles in an embedded subset of Noto Sans JP', async () => {
    const ids = await createRows(
      [
        'title,content',
        ...Array.from({ length: 25 }, (_, i) => `テーブル${i + 1},https://example.jp/t/${i + 1}`),
      ].join('\n'),
    );
    const res = await s.owner.client.post(bulkApi.pdf, { ids, paper: 'A4', size_mm: 40, crop_marks: true });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(res.rawPayload);
    // A4 at 40 mm: 4 columns of 40 mm and 5 rows of 46 mm fit inside 10 mm margins, 20 a page.
    expect(doc.getPageCount()).toBe(2);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round((width * 25.4) / 72), Math.round((height * 25.4) / 72)]).toEqual([210, 297]);
    const descriptors = doc.context
      .enumerateIndirectObjects()
      .map(([, obj]) => obj)
      .filter(
        (obj): obj is PDFDict =>
          obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'),
      );
    expect(descriptors.map((d) => String(d.get(PDFName.of('FontName'))))).toEqual([
      expect.stringMatching(/^\/NotoSansJP-Regular/),
    ]);
    // Embedded, and only the characters printed (the whole font file is 5.5 MB), each with its
    // outline: a subset that lost a glyph prints a box.
    const file = doc.context.lookup(descriptors[0]?.get(PDFName.of('FontFile2'))) as PDFRawStream;
    expect(file.getContentsSize()).toBeLessThan(60_000);
    const embedded = fontkit.create(inflateSync(file.getContents()));
    for (const char of 'テーブル0123456789') {
      const glyph = embedded.glyphForCodePoint(char.codePointAt(0) as number);
      expect([char, glyph.id > 0 && glyph.path.toSVG().length > 0]).toEqual([char, true]);
    }
    expect(embedded.glyphForCodePoint('漢'.codePointAt(0) as number).id).toBe(0);
    expect(res.rawPayload.length).toBeLessThan(200_000);

    const a3 = await s.owner.client.post(bulkApi.pdf, { ids, paper: 'A3', size_mm: 40 });
    const big = await PDFDocument.load(a3.rawPayload);
    expect(big.getPageCount()).toBe(1);
    expect(Math.round((big.getPage(0).getSize().width * 25.4) / 72)).toBe(297);
  });

  it('prints codes a phone reads and titles in Japanese (rendered by Ghostscript)', async () => {
    const ids = await createRows(['タイトル,内容', '髙橋様の席①,https://example.jp/seat/1'].join('\n'));
    const res = await s.owner.client.post(bulkApi.pdf, { ids, paper: 'A4', size_mm: 60 });
    const dir = mkdtempSync(join(tmpdir(), 'qrbulk-pdf-'));
    writeFileSync(join(dir, 'sheet.pdf'), res.rawPayload);
    execFileSync('gs', [
      '-q',
      '-dNOPAUSE',
      '-dBATCH',
      '-sDEVICE=pnggray',
      '-r150',
      `-sOutputFile=${join(dir, 'p.png')}`,
      join(dir, 'sheet.pdf'),
    ]);
    const text = execFileSync('gs', [
      '-q',
      '-dNOPAUSE',
      '-dBATCH',
      '-sDEVICE=txtwrite',
      '-sOutputFile=-',
      join(dir, 'sheet.pdf'),
    ]).toString();
    expect(text).toContain('髙橋様の席①');
    expect(await decodeCodes(readFileSync(join(dir, 'p.png')), 'QRCode')).toEqual([
      'https://example.jp/seat/1',
    ]);
  });

  it('draws each code as its downloads do: colours, dots, logo and call to action, a Wi-Fi frame; each decoded', async () => {
    // A member with a channel whose icon is the logo, shared by two designed codes.
    const shop = await registeredMember(s.t.app);
    const channelId = (await createChannel(shop.client)).channel_id;
    const icon = await shop.client.post(`${channelPath.under(channelId, 'image')}?kind=icon`, undefined, {
      raw: multipartBody([
        { name: 'image', filename: 'logo.png', type: 'image/png', data: await pngBytes(120, 80) },
      ]),
    });
    expect(icon.statusCode, icon.body).toBe(200);
    const design = {
      ...DESIGN_PRESETS.sakura,
      cta: 'coupon',
      logo: { source: 'channel', channel_id: channelId },
    };
    const designed = [];
    for (const path of ['menu', 'shop']) {
      const code = await createCode(shop.client, urlCode({ url: `https://example.jp/${path}` }));
      expect((await shop.client.post(api.qrDesign, { id: code.id, design })).statusCode).toBe(200);
      designed.push(code.id);
    }
    const wifi = await createCode(shop.client, wifiCode({ ssid: 'Cafe-Guest' }));
    const res = await shop.client.post(bulkApi.pdf, {
      ids: [...designed, wifi.id],
      paper: 'A4',
      size_mm: 60,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The logo is embedded once for both codes that show it.
    const doc = await PDFDocument.load(res.rawPayload);
    const images = doc.context
      .enumerateIndirectObjects()
      .filter(
        ([, obj]) =>
          obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
      );
    expect(images).toHaveLength(1);
    const dir = mkdtempSync(join(tmpdir(), 'qrbulk-pdf-design-'));
    writeFileSync(join(dir, 'sheet.pdf'), res.rawPayload);
    execFileSync('gs', [
      '-q',
      '-dNOPAUSE',
      '-dBATCH',
      '-sDEVICE=png16m',
      '-r150',
      `-sOutputFile=${join(dir, 'p.png')}`,
      join(dir, 'sheet.pdf'),
    ]);
    const png = readFileSync(join(dir, 'p.png'));
    expect((await decodeCodes(png, 'QRCode')).sort()).toEqual(
      ['https://example.jp/menu', 'https://example.jp/shop', wifi.payload].sort(),
    );
    // In the design's colours, not black: some pixel is the sakura pink's red-heavy ink.
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    let pink = 0;
    for (let i = 0; i < data.length; i += 3)
      if ((data[i] as number) > 120 && (data[i] as number) - (data[i + 2] as number) > 40) pink++;
    expect(pink).toBeGreaterThan(1000);
  });

  it.each([
    [{ paper: 'B5' }, 'paper', 'validation.sheet_paper'],
    [{ size_mm: 10 }, 'size_mm', 'validation.sheet_size'],
    [{ size_mm: 121 }, 'size_mm', 'validation.sheet_size'],
  ])('refuses %o', async (patch, field, rule) => {
    const code = await createCode(s.owner.client, { tab: 1, analysis_type: 0, text: 'x' });
    expectError(await s.owner.client.post(bulkApi.pdf, { ids: [code.id], ...patch }), 'E-400', {
      field,
      rule,
    });
  });
});

describe('POST /qrcode/bulk/csv/', () => {
  it('lists the selected codes, or all of them, with their reads as UTF-8 CSV with a BOM', async () => {
    const ids = await createRows(
      ['title,content', '"=cmd",https://example.jp/x', 'お品書き,今日の定食'].join('\n'),
    );
    const res = await s.owner.client.post(bulkApi.csv, { ids });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('ID,タイトル,種類,内容,アクセス解析,コードの中身,読み取り数,作成日時');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 7))).toEqual([
      [ids[0], "'=cmd", 'URL', 'https://example.jp/x', 'なし', 'https://example.jp/x', '0'],
      [ids[1], 'お品書き', 'テキスト', '今日の定食', 'なし', '今日の定食', '0'],
    ]);
    const all = await s.owner.client.post(bulkApi.csv, {});
    const count = all.rawPayload.toString('utf8').trimEnd().split('\r\n').length - 1;
    const rows = await s.t.ctx.db.kysely
      .selectFrom('qr_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', s.owner.user.user_id)
      .executeTakeFirstOrThrow();
    expect(count).toBe(Number(rows.n));
    expectError(await s.other.client.post(bulkApi.csv, { ids }), 'E-404');
  });
});
