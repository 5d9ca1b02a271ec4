import { describe, expect, it } from 'vitest';
import { pathOf } from '../../src/modules/push/sender';

describe('the path a push is posted to', () => {
  it('is what the URL parser makes of the endpoint, sliced off when plain', () => {
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/dY3Kq1:APA91bH-x_Y9z',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-Rz_Q==',
      'https://web.push.apple.com/QGuQyavXutnMH9jG_6hPOA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD%2bVx%3d',
      'https://localhost:8443/push/abc',
      'https://localhost:8443/push//abc/',
      // Parsed: dot segments, escapes in the path, characters the parser escapes, a fragment,
      // an empty query, an endpoint spelled otherwise than its origin.
      'https://localhost:8443/push/../x/./y',
      'https://localhost:8443/push/%2e%2e/x',
      'https://localhost:8443/push/a b"c',
      "https://localhost:8443/push/a?b='c d'",
      'https://localhost:8443/push/abc#frag',
      'https://localhost:8443/push/abc?',
      'https://LOCALHOST:8443/push/abc',
      'https://web.push.apple.com:443/QGuQ',
    ];
    for (const endpoint of endpoints) {
      const url = new URL(endpoint);
      expect(pathOf({ endpoint, origin: url.origin }), endpoint).toBe(url.pathname + url.search);
    }
  });
});
