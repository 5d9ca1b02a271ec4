import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

interface InjectOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

/** The parts of light-my-request's response the test helpers read. */
interface HttpResponse {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
  cookies: Array<{ name: string; value: string; maxAge?: number }>;
  json: LightMyRequestResponse['json'];
}

/**
 * A server running in another process, shaped like the `app` the helpers take (`inject` only):
 * TestClient, signUpAndActivate, createCode and the mailbox helpers then work over real HTTP.
 * The client address is always 127.0.0.1 (a TestClient's `remoteAddress` is not sent).
 */
export function httpApp(baseUrl: string): FastifyInstance {
  const inject = async (options: InjectOptions): Promise<HttpResponse> => {
    const res = await fetch(new URL(options.url, baseUrl), {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.payload,
      redirect: 'manual',
    });
    const body = await res.text();
    return {
      statusCode: res.status,
      body,
      headers: Object.fromEntries(res.headers),
      cookies: res.headers.getSetCookie().map(parseSetCookie),
      json: () => JSON.parse(body),
    };
  };
  return { inject } as unknown as FastifyInstance;
}

function parseSetCookie(header: string): { name: string; value: string; maxAge?: number } {
  const [pair = '', ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  const maxAge = attributes
    .map((a) => a.trim().match(/^max-age=(-?\d+)$/i)?.[1])
    .find((v) => v !== undefined);
  return {
    name: pair.slice(0, eq).trim(),
    value: decodeURIComponent(pair.slice(eq + 1).trim()),
    ...(maxAge !== undefined && { maxAge: Number(maxAge) }),
  };
}
