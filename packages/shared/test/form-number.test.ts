import { describe, expect, it } from 'vitest';
import { numberFromText } from '../src/form-number';
import { halfWidthNumber } from '../src/number-text';

describe('halfWidthNumber: the one rule for numbers typed on a Japanese keyboard', () => {
  it('reads full-width digits, period and minus as half-width, and nothing else', () => {
    expect(halfWidthNumber('０１２３４５６７８９')).toBe('0123456789');
    expect(halfWidthNumber('－１２．５')).toBe('-12.5');
    expect(halfWidthNumber('−３')).toBe('-3');
    expect(halfWidthNumber('ＡＢ１２，３')).toBe('ＡＢ12，3');
  });
});

describe('numberFromText', () => {
  it('reads plain decimal text, typed half- or full-width', () => {
    expect(numberFromText('１０')).toBe(10);
    expect(numberFromText(' －１２．５ ')).toBe(-12.5);
    expect(numberFromText('\u3000１０\u3000')).toBe(10);
    expect(numberFromText('15')).toBe(15);
  });

  it('leaves every other text as it came, for the schema to refuse', () => {
    for (const text of ['１e３', '0x1', 'Infinity', '1,000', '１０円'])
      expect(numberFromText(text)).toBe(text);
  });
});
