import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChannel, registeredMember } from '../helpers/channels';

/**
 * The answer written into /c/{code} is the channel call the visitor's reader would make: it counts
 * in that visitor's rate limit (CHANNEL_PAGE_RATE_LIMIT), never in one shared by every visitor.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CHANNEL_PAGE_RATE_LIMIT: '2' });
});
afterAll(() => t?.close());

const carriesAnswer = async (code: string, remoteAddress: string) =>
  (await t.app.inject({ url: `/c/${code}`, remoteAddress })).body.includes('id="first-answers"');

describe('the channel page’s written-in answer', () => {
  it("counts in the visitor's own rate limit", async () => {
    const member = await registeredMember(t.app);
    const { channel_code: code } = await createChannel(member.client);
    expect(await carriesAnswer(code, '203.0.113.7')).toBe(true);
    expect(await carriesAnswer(code, '203.0.113.7')).toBe(true);
    // That visitor's two calls a minute are used: the page comes without it, the reader asks (429).
    expect(await carriesAnswer(code, '203.0.113.7')).toBe(false);
    expect(
      (await t.app.inject({ url: `/api/reader/channel/${code}`, remoteAddress: '203.0.113.7' })).statusCode,
    ).toBe(429);
    // Another visitor is not affected.
    expect(await carriesAnswer(code, '198.51.100.4')).toBe(true);
  });
});
