/**
 * The answers a signed-in member's screen waits for, written into the page it is sent (on a
 * slow phone a member's screen asked for its data only once its 250–300 KB of scripts had
 * arrived and run, 1.5–2 s after they arrived, and a channel screen asked twice in a row). Each
 * screen names its first GET calls in the build (its queries, in app/screen-first-calls.ts, carried in
 * screen-preloads.json); the server runs them in-process with the member's own cookies, as the
 * browser would, and the app takes each answer the first time it asks for that address
 * (apps/web/src/lib/first-answers.ts).
 *
 * Safe by construction: only addresses the build declares (never the request's), filled only with
 * plain values of the path and the query; GETs that need no CSRF token; the member's own session,
 * so an answer is what the member's browser would have been given a moment later; the page stays
 * `no-store`. Bounded: a handful of calls a page, each answer kept only when small.
 */

/** What runs a call in-process (Fastify's `inject`). */
export type Inject = (request: {
  method: 'GET';
  url: string;
  headers: Record<string, string>;
}) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;

/** At most this many calls a page, and answers at most this long (a larger one is left to the app). */
const MAX_CALLS = 6;
const MAX_ANSWER_CHARS = 64 * 1024;
/** A value put into an address: an id, a number, a code. */
const PLAIN_VALUE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Fills `{name}` in each address from the screen's path parameters, then the page's query; an
 * address with a value missing or not plain is left out.
 */
export function fillAddresses(
  templates: readonly string[],
  values: Record<string, string | undefined>,
): string[] {
  const filled: string[] = [];
  for (const template of templates.slice(0, MAX_CALLS)) {
    if (!template.startsWith('/') || template.startsWith('//')) continue;
    let complete = true;
    const url = template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined || !PLAIN_VALUE.test(value)) complete = false;
      return encodeURIComponent(value ?? '');
    });
    if (complete) filled.push(url);
  }
  return filled;
}

/**
 * Runs the calls with the request's session and language and returns the successful JSON answers
 * by address; a failing call is simply left out (the app then asks itself and shows the error).
 */
export async function runFirstCalls(
  inject: Inject,
  urls: readonly string[],
  headers: Record<string, string | string[] | undefined>,
): Promise<Record<string, unknown>> {
  const pass: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  for (const name of ['cookie', 'accept-language', 'user-agent', 'host']) {
    const value = headers[name];
    if (typeof value === 'string') pass[name] = value;
  }
  const answers: Record<string, unknown> = {};
  await Promise.all(
    urls.map(async (url) => {
      try {
        const res = await inject({ method: 'GET', url, headers: pass });
        const type = String(res.headers['content-type'] ?? '');
        if (res.statusCode !== 200 || !type.startsWith('application/json')) return;
        if (res.body.length > MAX_ANSWER_CHARS) return;
        answers[url] = JSON.parse(res.body);
      } catch {
        // Left to the app.
      }
    }),
  );
  return answers;
}

/**
 * JSON that is safe inside `<script type="application/json">`: no `<` can close the tag or open a
 * comment, and U+2028/U+2029 are escaped as well.
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
