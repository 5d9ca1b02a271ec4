import { analyticsPath } from '@qrqr/shared/paths';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type Member, signUpAndActivate } from '../helpers/factories';
import { createCode, PHONE_UA, redirectPath, urlCode } from '../helpers/qrcodes';

/**
 * GET /metrics: the Prometheus families, labelled by route patterns and never by a path, an
 * address or an e-mail; answered to loopback peers and METRICS_TOKEN holders, an unknown path to
 * everyone else.
 */

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let member: Member;
let codeId: string;
let shortPath: string;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  member = await signUpAndActivate(t.app);
  const code = await createCode(member.client, urlCode({ analysis_type: 1 }));
  codeId = code.id;
  shortPath = redirectPath(code);
  // Some traffic: a scan from a phone, an API call naming the code, an unknown path.
  await t.app.inject({ url: shortPath, headers: { 'user-agent': PHONE_UA }, remoteAddress: '198.51.100.23' });
  await member.client.get(analyticsPath.data(codeId));
  await t.app.inject({ url: '/no/such/path/4711', remoteAddress: '198.51.100.23' });
});
afterAll(() => t?.close());

const scrape = (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

/** The same call to a path no route has, from the same peer. */
const unknown = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics-no-such-path', remoteAddress, headers });

/** An answer with what differs per call (the date, a fresh sid and CSRF token) written as placeholders. */
function normalised(res: LightMyRequestResponse) {
  const fresh = (v: string) => v.replace(/[A-Za-z0-9_-]{40,}/g, '…');
  const { date: _date, 'set-cookie': cookies, ...headers } = res.headers;
  const cookieNames = [cookies ?? []].flat().map((c) => String(c).split('=')[0]);
  return { status: res.statusCode, headers, cookieNames, body: fresh(res.body) };
}

function expectUnknownPath(res: LightMyRequestResponse, like: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(404);
  expect(normalised(res)).toEqual(normalised(like));
}

describe('GET /metrics', () => {
  it('has every family after some traffic, in the Prometheus text format, not cacheable', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const family of [
      'qrqr_http_requests_total',
      'qrqr_http_request_duration_seconds',
      'qrqr_scans_total',
      'qrqr_scans_pending',
      'qrqr_jobs',
      'qrqr_jobs_oldest_due_seconds',
      'qrqr_job_attempts_total',
      'qrqr_message_delivery_steps_total',
      'qrqr_pushes_total',
      'qrqr_work_queue',
      'qrqr_db_pool_connections',
      'process_resident_memory_bytes',
      'nodejs_memory_bytes',
      'nodejs_eventloop_delay_seconds',
    ])
      expect(res.body, family).toContain(`# TYPE ${family} `);
    expect(res.body).toMatch(/qrqr_scans_total\{event="recorded"\} [1-9]/);
    expect(res.body).toContain('qrqr_work_queue{gate="renders",state="waiting"} 0');
    expect(res.body).toContain('qrqr_work_queue{gate="uploads",state="running"} 0');
    expect(res.body).toMatch(/qrqr_db_pool_connections\{state="max"\} [1-9]/);
    expect(res.body).toMatch(/qrqr_jobs\{state="pending"\} \d/);
  });

  it('labels requests by route pattern, never by the path, an address or an e-mail', async () => {
    const body = (await scrape()).body;
    expect(body).toMatch(
      /qrqr_http_requests_total\{method="GET",route="\/r\/:[a-z]+",status_class="\dxx"\} 1/i,
    );
    expect(body).toMatch(/route="\/analytics\/data\/:\w+\/?"/);
    expect(body).toMatch(/route="unmatched",status_class="4xx"/);
    // Every line but its sample's value: a timing's digits (0.000284711…) may spell anything.
    const named = body
      .split('\n')
      .map((line) => (line.startsWith('#') ? line : line.replace(/ \S+$/, '')))
      .join('\n');
    expect(named).toContain('route="unmatched"');
    expect(named).not.toContain(shortPath);
    expect(named).not.toContain(codeId);
    expect(named).not.toContain('4711');
    expect(named).not.toContain('198.51.100.23');
    expect(named).not.toContain(member.email);
    expect(named).not.toContain('@');
  });

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('answers the loopback peer %s', async (peer) => {
    expect((await scrape(peer)).statusCode).toBe(200);
  });

  it.each(['203.0.113.5', '10.0.0.1', '2001:db8::1'])(
    'is an unknown path for the peer %s, whatever X-Forwarded-For says',
    async (peer) => {
      const spoof = { 'x-forwarded-for': '127.0.0.1' };
      expectUnknownPath(await scrape(peer, spoof), await unknown(peer, spoof));
      const html = { accept: 'text/html' };
      expectUnknownPath(await scrape(peer, html), await unknown(peer, html));
    },
  );

  it('answers a remote peer with the bearer token, and a wrong token is an unknown path', async () => {
    const ok = await scrape('203.0.113.5', { authorization: `Bearer ${TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE qrqr_http_requests_total counter');
    for (const wrong of [`Bearer ${TOKEN}x`, 'Bearer nope', TOKEN, `Basic ${TOKEN}`]) {
      const headers = { authorization: wrong };
      expectUnknownPath(await scrape('203.0.113.5', headers), await unknown('203.0.113.5', headers));
    }
  });

  it('behind a proxy, a loopback peer that forwards a client is not let in', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const forwarded = { 'x-forwarded-for': '203.0.113.9' };
      const res = await proxied.app.inject({
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: forwarded,
      });
      expect(res.statusCode).toBe(404);
      const direct = await proxied.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(direct.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
