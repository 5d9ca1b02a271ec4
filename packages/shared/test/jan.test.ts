import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeJan, isInStoreJan, janCheckDigit, janProblem } from '../src/jan';

const twelveDigits = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 })
  .map((d) => d.join(''));

describe('JAN check digit', () => {
  it('matches printed codes', () => {
    // Digits from real packaging: GS1 Japan prefixes 45 and 49.
    expect(janProblem('4901234567894')).toBeNull();
    expect(janProblem('4569951116179')).toBeNull();
    expect(janCheckDigit('490123456789')).toBe(4);
  });

  it('makes every 12 digits a valid code, and any single changed digit an invalid one', () => {
    fc.assert(
      fc.property(
        twelveDigits,
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (first12, at, shift) => {
          const code = completeJan(first12);
          expect(janProblem(code)).toBeNull();
          const changed = `${code.slice(0, at)}${(Number(code[at]) + shift) % 10}${code.slice(at + 1)}`;
          expect(janProblem(changed)).toBe('check_digit');
        },
      ),
    );
  });

  it('names a wrong shape apart from a wrong digit', () => {
    expect(janProblem('490123456789')).toBe('format');
    expect(janProblem('49012345678945')).toBe('format');
    expect(janProblem('490123456789X')).toBe('format');
    expect(janProblem(' 4901234567894')).toBe('format');
  });

  it('knows the in-store prefixes 20–29', () => {
    expect(isInStoreJan(completeJan('200000000001'))).toBe(true);
    expect(isInStoreJan(completeJan('290000000001'))).toBe(true);
    expect(isInStoreJan('4901234567894')).toBe(false);
  });
});
