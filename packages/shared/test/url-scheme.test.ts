import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QR_TABS } from '../src/qr-constants';
import { createQrBody } from '../src/qrcode-schemas';
import { isHttpUrl, needsDefaultScheme, withDefaultScheme } from '../src/url-scheme';

describe('withDefaultScheme', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['example.com/path?q=1#top', 'https://example.com/path?q=1#top'],
    ['www.店.jp', 'https://www.店.jp'],
    ['shop.example.co.jp:8080/menu', 'https://shop.example.co.jp:8080/menu'],
    ['EXAMPLE.COM', 'https://EXAMPLE.COM'],
    ['xn--wgv71a.jp', 'https://xn--wgv71a.jp'],
  ])('reads %s as https', (input, expected) => {
    expect(withDefaultScheme(input)).toBe(expected);
    expect(needsDefaultScheme(input)).toBe(true);
    expect(isHttpUrl(withDefaultScheme(input))).toBe(true);
  });

  it.each([
    'https://example.com',
    'http://example.com',
    'hello',
    'hello world',
    'example .com',
    'javascript:alert(1)',
    'javascript:alert(document.cookie)',
    'ftp://example.com',
    'mailto:a@example.com',
    'a@example.com',
    '1.2.3',
    '-bad.example.com',
    '',
  ])('leaves %s as typed', (input) => {
    expect(withDefaultScheme(input)).toBe(input);
    expect(needsDefaultScheme(input)).toBe(false);
  });

  it('never adds a scheme to a value that already has one, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const once = withDefaultScheme(s);
        expect(withDefaultScheme(once)).toBe(once);
        if (/^[a-z][a-z0-9+.-]*:/i.test(s) && !/^[^:]*\.[^:]*:\d/.test(s)) expect(once).toBe(s);
      }),
    );
  });

  it('never turns a value with spaces into a URL', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (a, b) => {
        expect(isHttpUrl(withDefaultScheme(`${a} ${b}`))).toBe(false);
      }),
    );
  });

  it('host-like web addresses always become a valid https URL', () => {
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('com', 'jp', 'shop'),
        (ls, tld) => {
          const host = `${ls.join('.')}.${tld}`;
          expect(withDefaultScheme(host)).toBe(`https://${host}`);
          expect(isHttpUrl(withDefaultScheme(host))).toBe(true);
        },
      ),
    );
  });
});

describe('the URL code schema', () => {
  it('stores a scheme-less address as https and still refuses junk', () => {
    const ok = createQrBody.safeParse({ tab: QR_TABS.url, url: ' example.com/menu ' });
    expect(ok.success && ok.data.tab === QR_TABS.url && ok.data.url).toBe('https://example.com/menu');
    for (const url of ['hello', 'javascript:alert(1)', 'exa mple.com']) {
      const bad = createQrBody.safeParse({ tab: QR_TABS.url, url });
      expect(bad.success).toBe(false);
      expect(bad.error?.issues[0]?.message).toBe('validation.url_invalid');
    }
  });
});
