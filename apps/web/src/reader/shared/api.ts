import { api } from '@qrqr/shared/paths';
import type { ReaderResult } from '@qrqr/shared/reader-schemas';
import { takeFirstAnswer } from '../../lib/first-answers';
import { phraseSegmenterReady } from '../../lib/phrase-breaks';

/** What a call answered: the body on success, or why not (HTTP status, the result code, offline). */
export type Answer<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; offline: boolean; code?: string };

/**
 * The reader's calls. Visitors may have no session (a page from the offline cache), so the
 * server's visitor CSRF rule asks only for X-Requested-With from our own origin.
 */
export async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer<T>> {
  // The page's own first call, answered in the page by the server (reader/page.ts), once.
  const given = method === 'GET' ? takeFirstAnswer(url) : undefined;
  if (given !== undefined) {
    await phraseSegmenterReady();
    return { ok: true, data: given as T };
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, offline: true };
  }
  if (!res.ok) {
    // Read the error body too (an unread body keeps the request open in some browsers); its code
    // lets a page say why, e.g. a follow over the day's limit.
    const text = await res.text().catch(() => '');
    return { ok: false, status: res.status, offline: false, code: errorCodeOf(text) };
  }
  const data = (await res.json()) as T;
  // An operator's words in the answer wrap between phrases in every engine (cards/phrased.tsx):
  // the segmenter, requested when the reader started, is in hand before they are shown.
  await phraseSegmenterReady();
  return { ok: true, data };
}

function errorCodeOf(text: string): string | undefined {
  try {
    const code = (JSON.parse(text) as { status?: { code?: unknown } }).status?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

export function resolveText(text: string, position?: { lat: number; lng: number }) {
  return call<{ result: ReaderResult }>('POST', api.readerResolve, { text, ...(position && { position }) });
}
