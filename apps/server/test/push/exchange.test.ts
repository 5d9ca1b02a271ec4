import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange } from '../../src/modules/push/exchange';

/** One POST to a plain HTTP server answering by path: how the sender's request settles. */
describe('push exchange (one POST on an undici pool)', () => {
  let server: http.Server;
  let pool: Pool;
  const bodies: number[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let got = 0;
      req.on('data', (c: Buffer) => {
        got += c.length;
      });
      req.on('end', () => {
        bodies.push(got);
        if (req.url === '/later') res.writeHead(429, { 'Retry-After': '120' }).end();
        else if (req.url === '/slow') setTimeout(() => res.writeHead(201).end(), 1000);
        else if (req.url === '/hangup') req.socket.destroy();
        else if (req.url === '/chatty') {
          res.writeHead(201);
          // Far more than the 4 KB read: written as the client reads, so it must hang up.
          const chunk = Buffer.alloc(64 * 1024, 0x20);
          const write = () => {
            while (!res.destroyed && res.write(chunk));
          };
          res.on('drain', write);
          write();
        } else res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { connections: 4 });
  });

  afterAll(async () => {
    await pool.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (path: string, timeoutMs = 5000) =>
    exchange(pool, { path, method: 'POST', headers: ['ttl', '60'], body: Buffer.alloc(100, 1) }, timeoutMs);

  it('answers the status and Retry-After, the body sent whole', async () => {
    expect(await post('/ok')).toEqual({ status: 201, retryAfter: undefined });
    expect(await post('/later')).toEqual({ status: 429, retryAfter: '120' });
    expect(bodies.slice(-2)).toEqual([100, 100]);
  });

  it('keeps the status of an answer whose body runs past the limit, and hangs up on it', async () => {
    expect(await post('/chatty')).toEqual({ status: 201, retryAfter: undefined });
    // The pool still works for the next push.
    expect(await post('/ok')).toEqual({ status: 201, retryAfter: undefined });
  });

  it('gives up at the deadline, no answer', async () => {
    const start = Date.now();
    expect(await post('/slow', 200)).toEqual({ status: null, closedSocket: false });
    expect(Date.now() - start).toBeLessThan(900);
  });

  it('tells a connection closed under the request, so the sender can try once more', async () => {
    expect(await post('/hangup')).toEqual({ status: null, closedSocket: true });
  });
});
