import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeCsv, westernInShiftJis } from '../../src/modules/qrbulk/csv-text';

/**
 * The rule that tells a Western file from Shift_JIS (csv-text.ts), over random text: what a
 * Japanese shop writes in Excel is read back exactly, and French, German, Spanish or Portuguese
 * words with their accents, saved as Latin-1, are refused rather than read as kanji.
 */
const sjis = (text: string) => new Uint8Array(iconv.encode(text, 'cp932'));
const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

/** Pieces of what Japanese cells hold, run together in any order without spaces. */
const japanesePiece = fc.constantFrom(
  'テーブル',
  'アイス',
  'ケーキ',
  'Wi-Fi',
  'WiFi',
  'ABC',
  'Menu',
  'メニュー',
  '店内',
  '㈱カフェ',
  '①',
  '髙橋',
  '珈琲',
  'ﾃｰﾌﾞﾙ',
  'ｶﾌｪ',
  '（税込）',
  '500円',
  'https://example.jp/a?b=c',
  ' ',
  ',',
  '、',
  '。',
  'ー',
  'ｰ',
  '2F',
  '渋谷',
  '様',
);

/** Western words, each with an accented letter between letters, as on a menu or an address. */
const westernWord = fc.constantFrom(
  'crème',
  'brûlée',
  'São',
  'naïve',
  'Français',
  'MÜNCHEN',
  'Straße',
  'Smørrebrød',
  'résumé',
  'Málaga',
  'Ångström',
  'piñata',
  'Genève',
  'Zürich',
  'señor',
);

describe('reading a CSV that is not UTF-8', () => {
  it('reads Japanese text saved as Shift_JIS back exactly', () => {
    fc.assert(
      fc.property(fc.array(japanesePiece, { minLength: 1, maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        const bytes = sjis(text);
        // Only files that are not UTF-8 come to Shift_JIS (pure ASCII is UTF-8 already).
        fc.pre(bytes.some((b) => b >= 0x80));
        expect(decodeCsv(bytes)).toEqual({ text, encoding: 'shift_jis' });
      }),
    );
  });

  it('refuses a Western word in Latin-1, wherever it stands in a row of plain ASCII', () => {
    fc.assert(
      fc.property(
        westernWord,
        fc.constantFrom('', 'Le ', 'Café ', 'title,content\r\n', '"'),
        fc.constantFrom('', ' 5', ',https://example.jp/x', '"\r\n'),
        (word, before, after) => {
          const bytes = latin1(`${before}${word}${after}`);
          expect(() => decodeCsv(bytes)).toThrow(
            expect.objectContaining({
              options: expect.objectContaining({
                fields: [expect.objectContaining({ field: 'file' })],
              }),
            }),
          );
        },
      ),
    );
  });

  it('tells the two apart by the rule, not by a failure to decode', () => {
    // Valid Shift_JIS bytes, each a Latin-1 word: refused by the rule itself.
    for (const word of ['crème', 'São Paulo', 'MÜNCHEN', 'Straße', 'Smørrebrød']) {
      const bytes = latin1(word);
      const text = new TextDecoder('shift_jis', { fatal: true }).decode(bytes);
      expect(westernInShiftJis(bytes, text), word).toBe(true);
    }
    // ア is 0x83 0x41: the letter A as its second byte, after the letters of Wi-Fi.
    expect(westernInShiftJis(sjis('Wi-Fiアクセス'), 'Wi-Fiアクセス')).toBe(false);
  });
});
