import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/platform/core/logger';

describe('redactUrl', () => {
  it.each([
    [
      '/api/auth/qrqrid/activate/check?user_id=u1&confirmation_code=SECRET1',
      'user_id=u1&confirmation_code=[redacted]',
    ],
    [
      '/auth/qrqrid/forgot/password/reset?confirmation_code=SECRET1&user_id=u1',
      'confirmation_code=[redacted]&user_id=u1',
    ],
    ['/r/x?token=SECRET1', 'token=[redacted]'],
    ['/page?_csrf=SECRET1&a=1', '_csrf=[redacted]&a=1'],
  ])('cuts one-time codes out of %s', (url, tail) => {
    const out = redactUrl(url);
    expect(out).not.toContain('SECRET1');
    expect(out.endsWith(tail)).toBe(true);
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/health?verbose=1')).toBe('/api/health?verbose=1');
  });
});
