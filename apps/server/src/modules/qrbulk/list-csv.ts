import { Readable } from 'node:stream';
import type { Locale } from '@qrqr/shared/limits';
import { translate } from '@qrqr/shared/messages';
import type { QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { CSV_BOM, csvCell } from '../../platform/http/csv';
import { memberQrCodePage } from '../qrcodes/lookup';

const PAGE = 500;
const TAB_KEY = ['url', 'text', 'wifi'] as const;
const tokyoTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Tokyo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** The header and one line per code: what the list shows, what the code holds, its reads. */
function lines(locale: Locale) {
  const t = (key: string) => translate(`analytics.qr_list_csv_${key}`, locale);
  return {
    header: ['id', 'title', 'type', 'content', 'analysis', 'printed', 'reads', 'created'].map(t),
    line: (code: QrCodeRow) => [
      code.id,
      code.title,
      t(`type_${TAB_KEY[code.tab] ?? 'text'}`),
      code.content,
      t(`analysis_${code.analysis_type}`),
      code.payload,
      code.read_count,
      tokyoTime.format(code.created_at),
    ],
  };
}

/**
 * The member's codes as CSV (UTF-8 with BOM, so Excel in Japan reads it), streamed: the selected
 * ones when `codes` is given, else every code of the member read page by page, newest first.
 */
export function listCsv(
  ctx: AppContext,
  input: { userId: string; codes?: QrCodeRow[]; locale: Locale },
): Readable {
  const { header, line } = lines(input.locale);
  async function* codes(): AsyncGenerator<QrCodeRow[]> {
    if (input.codes) {
      yield input.codes;
      return;
    }
    let after: { createdAt: number; id: string } | undefined;
    for (;;) {
      const page = await memberQrCodePage(ctx, { userId: input.userId, after, limit: PAGE });
      if (page.length) yield page;
      const last = page.at(-1);
      if (!last || page.length < PAGE) return;
      after = { createdAt: last.created_at, id: last.id };
    }
  }
  async function* chunks(): AsyncGenerator<string> {
    yield `${CSV_BOM}${header.map(csvCell).join(',')}\r\n`;
    for await (const page of codes())
      yield page.map((code) => `${line(code).map(csvCell).join(',')}\r\n`).join('');
  }
  return Readable.from(chunks(), { objectMode: false });
}
