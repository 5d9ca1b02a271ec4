import net, { type AddressInfo } from 'node:net';
import { api } from '@qrqr/shared/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { newClient } from '../helpers/client';

/** A client that goes away is routine: logged at debug, never as an unexpected error. */

interface LogLine {
  level: number;
  msg: string;
  err?: { message?: string };
}

const lines: LogLine[] = [];
let t: TestApp;
beforeAll(async () => {
  const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  t = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream });
  const abortLike = (props: Record<string, unknown>) => async () => {
    throw Object.assign(new Error(String(props.message ?? 'socket hang up')), props);
  };
  t.app.get('/api/test/econnreset', abortLike({ message: 'aborted', code: 'ECONNRESET', statusCode: 400 }));
  t.app.get(
    '/api/test/premature',
    abortLike({ message: 'Premature close', code: 'ERR_STREAM_PREMATURE_CLOSE' }),
  );
  t.app.get('/api/test/explode', async () => {
    throw new Error('a real bug');
  });
});
afterAll(() => t?.close());

const errorsLogged = () => lines.filter((l) => l.level >= 50 && l.msg === 'unexpected error');

describe('client aborts', () => {
  it.each(['/api/test/econnreset', '/api/test/premature'])(
    '%s is logged at debug, not as an error',
    async (url) => {
      lines.length = 0;
      const res = await (await newClient(t.app)).get(url);
      expect(res.statusCode).toBe(400);
      expect(errorsLogged()).toEqual([]);
      expect(lines.some((l) => l.level === 20 && l.msg === 'client aborted the request')).toBe(true);
    },
  );

  it('a browser that hangs up mid-upload (real socket) is logged at debug only', async () => {
    lines.length = 0;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${api.signup} HTTP/1.1\r\nHost: qr.test\r\nContent-Type: application/json\r\n` +
        'Content-Length: 1000\r\nX-Requested-With: XMLHttpRequest\r\n\r\n{"email":"a',
    );
    await expect.poll(() => lines.some((l) => l.msg === 'incoming request')).toBe(true);
    socket.destroy();
    await expect.poll(() => lines.some((l) => l.msg === 'client aborted the request')).toBe(true);
    expect(errorsLogged()).toEqual([]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('a real failure is still logged as an unexpected error', async () => {
    lines.length = 0;
    const res = await (await newClient(t.app)).get('/api/test/explode');
    expect(res.statusCode).toBe(500);
    expect(errorsLogged()).toHaveLength(1);
  });
});
