import { AppError } from '../../platform/http/errors';

export type CsvEncoding = 'utf-8' | 'shift_jis' | 'utf-16';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
// Excel's "Unicode text" is UTF-16 with its byte order mark, which Shift_JIS would read as garbage.
const utf16 = {
  le: new TextDecoder('utf-16le', { fatal: true }),
  be: new TextDecoder('utf-16be', { fatal: true }),
};
// WHATWG shift_jis is Windows-31J (CP932): the NEC and IBM extensions Excel writes (①, ㈱, 髙) included.
const shiftJis = new TextDecoder('shift_jis', { fatal: true });

/**
 * The text of an uploaded CSV: UTF-16 when it starts with a UTF-16 byte order mark, UTF-8 (its
 * BOM dropped) when the bytes are valid UTF-8, else
 * Shift_JIS as Excel in Japan saves it. Japanese text in Shift_JIS is almost never valid UTF-8, so
 * the strict UTF-8 attempt decides; bytes neither encoding reads are refused, never guessed at, and
 * so are bytes Shift_JIS reads only as mojibake of a Western encoding (`westernInShiftJis`).
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const order =
    bytes[0] === 0xff && bytes[1] === 0xfe ? 'le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'be' : null;
  if (order) {
    try {
      return { text: utf16[order].decode(bytes), encoding: 'utf-16' };
    } catch {
      throw AppError.field('file', 'validation.bulk_csv_encoding');
    }
  }
  try {
    return { text: utf8.decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: try Shift_JIS below.
  }
  let text: string;
  try {
    text = shiftJis.decode(bytes);
  } catch {
    throw AppError.field('file', 'validation.bulk_csv_encoding');
  }
  if (westernInShiftJis(bytes, text)) throw AppError.field('file', 'validation.bulk_csv_charset');
  return { text, encoding: 'shift_jis' };
}

const isAsciiLetter = (b: number | undefined) =>
  b !== undefined && ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a));

/**
 * Whether bytes Shift_JIS reads without error are in truth a Western encoding (Latin-1,
 * Windows-1252: a French menu, a German street name). The rule, on what Shift_JIS makes of them:
 * 1. a character of the private use area: CP932's user-defined characters, which no file Excel
 *    writes holds, and what ð–ù become;
 * 2. an accented letter of Latin-1 (a byte 0xC0–0xFF but × and ÷) standing between two ASCII
 *    letters, where Shift_JIS starts a character: é, è, ü … of "crème", "São", "naïve" (read as a
 *    rare kanji whose second byte is the letter after it) and Ä, Ü, ß … of "MÜNCHEN", "Straße"
 *    (read as one half-width katakana between two letters). In Japanese text those bytes start a
 *    half-width katakana or a second-level or extension kanji, which never stands alone between
 *    two Latin letters. Bytes are walked as Shift_JIS characters, so the second byte of a
 *    Japanese character (ア is 0x83 0x41) never counts as a letter.
 * The price: a Latin word run straight into such a kanji whose second byte is a letter ("Bar蘂",
 * 蘂 0xE5 0x41) is refused too; its message says to save the file as UTF-8, which reads it.
 */
export function westernInShiftJis(bytes: Uint8Array, text: string): boolean {
  if (/[\uE000-\uF8FF]/.test(text)) return true;
  let afterLetter = false;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      afterLetter = isAsciiLetter(b);
      i += 1;
      continue;
    }
    const accented = b >= 0xc0 && b !== 0xd7 && b !== 0xf7;
    if (accented && afterLetter && isAsciiLetter(bytes[i + 1])) return true;
    afterLetter = false;
    // Half-width katakana (0xA1–0xDF) is one byte; every other character of Shift_JIS is two.
    i += b >= 0xa1 && b <= 0xdf ? 1 : 2;
  }
  return false;
}
