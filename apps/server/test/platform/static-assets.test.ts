import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * Built assets go out as the build precompressed them (brotli, else gzip, else plain), cached for a
 * year, with Vary: Accept-Encoding; nothing is compressed per request. The web build here is a
 * stand-in folder with one chunk whose .br and .gz variants hold recognisable bytes.
 */

const chunk = 'export const a = 1;\n'.repeat(200);
let web: string;
let t: TestApp;

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-web-'));
  const assets = path.join(web, 'assets');
  fs.mkdirSync(assets);
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html lang="ja"><head><!--app-head--></head></html>',
  );
  fs.writeFileSync(path.join(assets, 'index-abc123.js'), chunk);
  fs.writeFileSync(path.join(assets, 'index-abc123.js.br'), 'brotli bytes');
  fs.writeFileSync(path.join(assets, 'index-abc123.js.gz'), gzipSync(chunk));
  fs.writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST: web });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('built assets', () => {
  it('answers with the brotli file when the browser takes br', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('brotli bytes');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers with the gzip file when the browser takes only gzip', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(chunk.length / 10);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers with the plain file, still varying on the encoding, when the browser takes neither', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(chunk);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends a hashed file without document-only headers or validators, keeping nosniff', async () => {
    const res = await get('/assets/index-abc123.js', 'br');
    for (const name of ['content-security-policy', 'x-frame-options', 'etag', 'last-modified'])
      expect(res.headers[name], name).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const icon = await get('/favicon.svg', 'br');
    expect(icon.headers['content-security-policy']).toBeDefined();
  });

  it('keeps unhashed files outside assets/ revalidated, and never serves index.html as a file', async () => {
    const icon = await get('/favicon.svg', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).not.toMatch(/immutable/);
    const index = await t.app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { accept: 'application/json' },
    });
    expect(index.statusCode).toBe(404);
  });
});
