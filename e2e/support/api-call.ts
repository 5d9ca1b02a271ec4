import type { Page } from 'playwright-core';

export interface InPageCall {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * Runs inside the page (passed to `evaluate`, so it uses nothing from outside): calls the API as
 * the web app does, with the session cookie, the CSRF token of the XSRF-TOKEN cookie (or the
 * page's meta tag) and X-Requested-With, and returns the answer's JSON.
 */
export async function callFromPage({ method, path, body }: InPageCall): Promise<unknown> {
  const cookie = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
  const token = cookie
    ? decodeURIComponent(cookie.slice('XSRF-TOKEN='.length))
    : (document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '');
  const res = await fetch(path, {
    method,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': token,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** Calls the API from inside the page: for setting up data whose screens another test covers. */
export function apiCall<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(callFromPage, { method, path, body }) as Promise<T>;
}
