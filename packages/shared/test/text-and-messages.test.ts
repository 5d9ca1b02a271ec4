import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERRORS, isSuccess } from '../src/error-codes';
import { toLocale } from '../src/limits';
import { en, ja, translate } from '../src/messages/index';
import { isOwnRedirectUrl } from '../src/qrcode-schemas';
import { truncateName } from '../src/text';
import { illFormedPath, isWellFormedText, jsonTooDeep, MAX_JSON_DEPTH } from '../src/well-formed-text';

describe('truncateName (7 characters, then an ellipsis)', () => {
  it('keeps names of 7 characters or fewer and cuts longer ones to 7 + …', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 30 }), (name) => {
        const chars = Array.from(name);
        const out = truncateName(name);
        if (chars.length <= 7) expect(out).toBe(name);
        else expect(out).toBe(`${chars.slice(0, 7).join('')}…`);
      }),
    );
  });

  it('counts a kanji or an emoji as one character', () => {
    expect(truncateName('山田太郎のお花屋さん')).toBe('山田太郎のお花…');
    expect(truncateName('🌸🌸🌸🌸🌸🌸🌸')).toBe('🌸🌸🌸🌸🌸🌸🌸');
  });
});

describe('messages', () => {
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));

  it('has the same keys in Japanese and English', () => {
    expect(keys(en).sort()).toEqual(keys(ja).sort());
  });

  it('has a message in both languages for every result code', () => {
    for (const { key } of Object.values(ERRORS)) {
      expect(translate(key, 'ja')).not.toBe(key);
      expect(translate(key, 'en')).not.toBe(key);
    }
  });

  it('carries the fixed error texts', () => {
    expect(translate('errors.activation_link', 'ja')).toBe(
      'エラーが発生しました。正しいリンクがクリックされなかったようです。',
    );
    expect(translate('errors.reset_link', 'en')).toBe('Error. The correct link was not clicked.');
    expect(translate('validation.email_invalid', 'en')).toBe('Your email address is not valid');
  });

  it('answers an unknown key with itself', () => {
    expect(translate('nope.nothing', 'ja')).toBe('nope.nothing');
  });

  it('reads the locale from a cookie or header value, Japanese by default', () => {
    expect(toLocale('en-US')).toBe('en');
    expect(toLocale('EN')).toBe('en');
    expect(toLocale('ja')).toBe('ja');
    expect(toLocale('fr')).toBe('ja');
    expect(toLocale(undefined)).toBe('ja');
  });
});

describe('isSuccess (S-200 status or S-001 errors code)', () => {
  it('is true only for S-200 status or S-001 errors code', () => {
    expect(isSuccess({ status: { code: 'S-200' } })).toBe(true);
    expect(isSuccess({ errors: { code: 'S-001' } })).toBe(true);
    expect(isSuccess({ status: { code: 'E-400' } })).toBe(false);
    expect(isSuccess(null)).toBe(false);
  });
});

describe('illFormedPath', () => {
  it.each([
    ['a lone high surrogate', { text: 'a\ud800' }, ['text']],
    ['a lone low surrogate deep down', { a: [{ b: 'x' }, { b: '\udfff' }] }, ['a', 1, 'b']],
    ['a key', { 'k\ud800': 'v' }, ['k\ud800']],
    ['the value itself', '\ud800', []],
    ['a NUL character, which PostgreSQL text cannot hold', { name: 'a\u0000b' }, ['name']],
  ])('finds %s', (_label, value, path) => {
    expect(illFormedPath(value)).toEqual(path);
  });

  it('walks any depth without overflowing the stack, and finds the value at the bottom', () => {
    let deep: unknown = '\ud800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const path = illFormedPath(deep);
    expect(path).toHaveLength(100_000);
    expect(path?.every((key) => key === 0)).toBe(true);
  });

  it('accepts surrogate pairs, kanji, numbers and empty input', () => {
    expect(illFormedPath({ a: '😀漢字', b: 3, c: null, d: [true, ''] })).toBeUndefined();
    expect(isWellFormedText('😀')).toBe(true);
    expect(isWellFormedText('\ud83d')).toBe(false);
  });
});

describe('jsonTooDeep', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  it('counts arrays and objects inside each other up to MAX_JSON_DEPTH', () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep('{"a":{"b":[{"c":[]}]}}', 5)).toBe(false);
    expect(jsonTooDeep('{"a":{"b":[{"c":[]}]}}', 4)).toBe(true);
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(jsonTooDeep(JSON.stringify({ a: '[[[[{{{{', b: '\\"[[[[' }), 1)).toBe(false);
    expect(jsonTooDeep(JSON.stringify(['"', ['[']]), 2)).toBe(false);
  });
});

describe('isOwnRedirectUrl', () => {
  it.each([
    ['https://qr.example.jp/r/AbC', 'https://qr.example.jp', true],
    ['http://QR.Example.JP/R/AbC', 'https://qr.example.jp', true],
    ['https://qr.example.jp/app/r/AbC', 'https://qr.example.jp/app', true],
    ['https://qr.example.jp/r/AbC', 'https://qr.example.jp/app', false],
    ['https://other.example/r/AbC', 'https://qr.example.jp', false],
    ['https://qr.example.jp/rabbit', 'https://qr.example.jp', false],
    ['not a url', 'https://qr.example.jp', false],
  ])('%s under %s: %s', (url, publicUrl, expected) => {
    expect(isOwnRedirectUrl(url, publicUrl)).toBe(expected);
  });
});
