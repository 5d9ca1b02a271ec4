import { describe, expect, it } from 'vitest';
import { linkUrlField } from '../src/link-url';
import { hasOnlyUrlCharacters } from '../src/url-scheme';

describe('the link rule of every link field', () => {
  const field = linkUrlField({ max: 40, tooLong: 'validation.too_long_here' });
  const ruleOf = (v: string) => {
    const r = field.safeParse(v);
    return r.success ? r.data : `! ${r.error.issues[0]?.message}`;
  };

  it('refuses what no URL holds, first', () => {
    for (const v of [
      'https://e.jp/"><script>',
      'https://e.jp/a b',
      'https://e.jp/\\x',
      'https://e.jp/`x`',
      'e.jp/<x>',
    ])
      expect(ruleOf(v), v).toBe('! validation.url_chars');
    expect(hasOnlyUrlCharacters('https://e.jp/a\u200bb')).toBe(false);
  });

  it('reads a host name as https, then counts the stored length, then wants http(s)', () => {
    expect(ruleOf('  e.jp/menu  ')).toBe('https://e.jp/menu');
    expect(ruleOf(`e.jp/${'a'.repeat(30)}`)).toBe('! validation.too_long_here');
    expect(ruleOf('mailto:a@e.jp')).toBe('! validation.url_invalid');
    expect(ruleOf('https://店.jp/メニュー')).toBe('https://店.jp/メニュー');
    expect(ruleOf('')).toBe('');
  });

  it('asks for a URL when required', () => {
    const required = linkUrlField({ max: 40, tooLong: 'x', required: 'validation.url_required' });
    expect(required.safeParse(' ').error?.issues[0]?.message).toBe('validation.url_required');
  });
});
