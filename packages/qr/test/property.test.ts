import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeQr, QrCapacityError } from '../src';
import { renderPng } from '../src/node';
import { decodeImage } from './decode';

const utf8 = (s: string) => new TextEncoder().encode(s);

/**
 * Any text a form could send: ASCII with control characters, or any graphemes (kanji, emoji, …).
 * Not empty: content is required, and zxing reports an empty symbol as "nothing found".
 */
const text = fc.oneof(
  fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 300 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 150 }),
);

describe('any string', () => {
  it('survives encode → PNG → a real decoder, byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 2, max: 6 }),
        async (s, cs, margin) => {
          const m = encodeQr(s);
          const read = await decodeImage(await renderPng(m, { cellSize: cs, margin }));
          expect(read.bytes).toEqual(utf8(s));
          expect([read.ecLevel, read.version]).toEqual(['M', String(m.version)]);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('is refused exactly when its UTF-8 form is longer than 2331 bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 500, maxLength: 1300 }), (s) => {
        const fits = utf8(s).length <= 2331;
        if (fits) expect(encodeQr(s).size).toBeLessThanOrEqual(177);
        else expect(() => encodeQr(s)).toThrow(QrCapacityError);
      }),
      { numRuns: 30 },
    );
  });
});
