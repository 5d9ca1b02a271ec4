import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface RequestOptions {
  /** Leave out X-Requested-With. */
  noXrw?: boolean;
  /** 'omit' sends no token; a string sends that token instead of the jar's one. */
  csrf?: 'omit' | string;
  /** Send the body form-encoded, as the spec's pages do. With `csrfField`, the token goes in `_csrf`. */
  form?: boolean;
  csrfField?: boolean;
  headers?: Record<string, string>;
  /** Send this text as the JSON body instead of serialising `body` (for malformed input). */
  rawJson?: string;
  /** Send these bytes with this Content-Type (multipart uploads). */
  raw?: { payload: Buffer; contentType: string };
  /** Another state-changing method than POST (put() and delete() set it). */
  method?: 'POST' | 'PUT' | 'DELETE';
}

type Body = Record<string, unknown>;

/**
 * One browser: keeps the cookies the server sets and echoes the CSRF token the way the web app
 * does (X-Requested-With plus X-XSRF-TOKEN from the XSRF-TOKEN cookie).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    /** The browser's IP address as the server sees it (rate limits count per address). */
    readonly remoteAddress = '127.0.0.1',
  ) {}

  /** First visit: the server issues the guest `sid` and its `XSRF-TOKEN`. */
  async init(): Promise<this> {
    const res = await this.get('/api/session');
    if (res.statusCode !== 200 || !this.sid) throw new Error(`GET /api/session failed: ${res.body}`);
    return this;
  }

  get sid(): string | undefined {
    return this.cookies.get('sid');
  }

  get csrfToken(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  /** A GET; with `xhr` it is sent like the web app's fetch (X-Requested-With and the CSRF header). */
  async get(url: string, options: { headers?: Record<string, string>; xhr?: boolean; method?: 'HEAD' } = {}) {
    const xhr: Record<string, string> = options.xhr
      ? { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': this.csrfToken ?? '' }
      : {};
    const res = await this.app.inject({
      method: options.method ?? 'GET',
      url,
      remoteAddress: this.remoteAddress,
      headers: { ...this.cookieHeader(), ...xhr, ...options.headers },
    });
    return this.keep(res);
  }

  async post(url: string, body?: Body, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...this.cookieHeader() };
    if (!options.noXrw) headers['x-requested-with'] = 'XMLHttpRequest';
    const token =
      options.csrf === undefined ? this.csrfToken : options.csrf === 'omit' ? undefined : options.csrf;
    let payload: string | Buffer | undefined;
    if (options.raw) {
      headers['content-type'] = options.raw.contentType;
      payload = options.raw.payload;
    } else if (options.form) {
      const fields = new URLSearchParams();
      for (const [k, v] of Object.entries(body ?? {})) if (v !== undefined) fields.set(k, String(v));
      if (options.csrfField && token) fields.set('_csrf', token);
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = fields.toString();
    } else if (options.rawJson !== undefined) {
      headers['content-type'] = 'application/json';
      payload = options.rawJson;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    if (token && !options.csrfField) headers['x-xsrf-token'] = token;
    const res = await this.app.inject({
      method: options.method ?? 'POST',
      url,
      remoteAddress: this.remoteAddress,
      headers: { ...headers, ...options.headers },
      payload,
    });
    return this.keep(res);
  }

  put(url: string, body?: Body, options: RequestOptions = {}) {
    return this.post(url, body, { ...options, method: 'PUT' });
  }

  delete(url: string, options: RequestOptions = {}) {
    return this.post(url, undefined, { ...options, method: 'DELETE' });
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
    };
  }

  private keep(res: LightMyRequestResponse): LightMyRequestResponse {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
}

export function newClient(app: FastifyInstance, remoteAddress?: string): Promise<TestClient> {
  return new TestClient(app, remoteAddress).init();
}
