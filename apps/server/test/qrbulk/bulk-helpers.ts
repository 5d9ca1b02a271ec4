import { bulkApi } from '@qrqr/shared/qr-bulk-paths';
import iconv from 'iconv-lite';
import type { TestClient } from '../helpers/client';

/** CSV text as Excel in Japan saves it (Shift_JIS / CP932), UTF-8 with a BOM, or plain UTF-8. */
export const cp932 = (text: string) => iconv.encode(text, 'cp932');
export const utf8Bom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
export const utf8 = (text: string) => Buffer.from(text);
/** Excel's "Unicode text": UTF-16LE with its byte order mark, cells parted by tabs. */
export const utf16Tabs = (text: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replaceAll(',', '\t'), 'utf16le')]);

/** Sends a CSV file to the preview or the create call, as the bulk dialog does. */
export function sendCsv(client: TestClient, call: 'preview' | 'create', bytes: Buffer, analysis?: number) {
  const url = call === 'preview' ? bulkApi.preview : bulkApi.create;
  const query = analysis === undefined ? '' : `?analysis_type=${analysis}`;
  return client.post(`${url}${query}`, undefined, { raw: { payload: bytes, contentType: 'text/csv' } });
}
