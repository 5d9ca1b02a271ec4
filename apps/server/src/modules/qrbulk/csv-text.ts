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
 * the strict UTF-8 attempt decides; bytes neither encoding reads are refused, never guessed at.
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
  try {
    return { text: shiftJis.decode(bytes), encoding: 'shift_jis' };
  } catch {
    throw AppError.field('file', 'validation.bulk_csv_encoding');
  }
}
