import { describe, expect, it } from 'vitest';
import { parseQuerystring } from '../../src/platform/http/querystring';

/** The query parser every route uses: Fastify's default shape, strict about UTF-8. */
describe('parseQuerystring', () => {
  it('decodes keys and values, + as a space, repeated keys as a list', () => {
    expect({ ...parseQuerystring('a=1&b=%E5%BA%97+x&a=2&a=3&flag&=v') }).toEqual({
      a: ['1', '2', '3'],
      b: '店 x',
      flag: '',
      '': 'v',
    });
  });

  it('keeps malformed escapes as the literal text they are', () => {
    expect({ ...parseQuerystring('q=100%&r=%zz') }).toEqual({ q: '100%', r: '%zz' });
  });

  it('turns escapes of bytes that are no UTF-8 into ill-formed text, for the shared rule to refuse', () => {
    const query = parseQuerystring('q=a%ED%A0%80b&r=%FF&ok=1');
    expect(query.q).toBe('\ud800');
    expect(query.r).toBe('\ud800');
    expect(query.ok).toBe('1');
  });

  it('names an ill-formed key readably and marks its value', () => {
    expect({ ...parseQuerystring('k%FFey=1') }).toEqual({ 'k\ufffdey': '\ud800' });
  });

  it('has no prototype, so __proto__ is a plain key', () => {
    const query = parseQuerystring('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(Object.entries(query)).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
    ]);
  });
});
