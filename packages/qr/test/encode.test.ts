import { encodeQR } from 'qr';
import { describe, expect, it } from 'vitest';
import { encodeQr, QrCapacityError } from '../src';
import { renderPng } from '../src/node';
import { decodeImage } from './decode';

const utf8 = (s: string) => new TextEncoder().encode(s);

/** The 7×7 finder pattern: dark ring, white ring, 3×3 dark centre. */
function hasFinderAt(m: ReturnType<typeof encodeQr>, x0: number, y0: number): boolean {
  for (let y = 0; y < 7; y++) {
    for (let x = 0; x < 7; x++) {
      const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3));
      const expected = ring === 2 ? 0 : 1;
      if (m.modules[(y0 + y) * m.size + x0 + x] !== expected) return false;
    }
  }
  return true;
}

describe('encodeQr', () => {
  it('returns the symbol without a quiet zone: finder patterns touch three corners', () => {
    const m = encodeQr('https://example.jp/r/Ab3dE7x');
    expect(m.size).toBe(17 + 4 * m.version);
    expect(m.modules).toHaveLength(m.size * m.size);
    expect(hasFinderAt(m, 0, 0)).toBe(true);
    expect(hasFinderAt(m, m.size - 7, 0)).toBe(true);
    expect(hasFinderAt(m, 0, m.size - 7)).toBe(true);
    expect(hasFinderAt(m, m.size - 7, m.size - 7)).toBe(false);
    expect([...m.modules].every((v) => v === 0 || v === 1)).toBe(true);
  });

  it('encodes Japanese text as UTF-8 bytes, error correction M, at the version it reports', async () => {
    const text = 'こんにちは、さくらカフェです🌸';
    const m = encodeQr(text);
    const read = await decodeImage(await renderPng(m, { cellSize: 4, margin: 4 }));
    expect(read.bytes).toEqual(utf8(text));
    expect(read.text).toBe(text);
    expect(read.ecLevel).toBe('M');
    expect(read.version).toBe(String(m.version));
  });

  it('fits 2331 bytes in version 40-M and refuses one byte more', async () => {
    expect(encodeQr('a'.repeat(2331)).version).toBe(40);
    expect(encodeQr('あ'.repeat(777)).version).toBe(40); // 777 × 3 bytes = 2331
    expect(() => encodeQr('a'.repeat(2332))).toThrow(QrCapacityError);
    expect(() => encodeQr(`${'あ'.repeat(776)}abcd`)).toThrow(QrCapacityError); // 2328 + 4 bytes
    const read = await decodeImage(await renderPng(encodeQr('a'.repeat(2331)), { cellSize: 3, margin: 4 }));
    expect([read.ecLevel, read.version]).toEqual(['M', '40']);
  });

  it('uses byte mode even for digits, so the byte limit means the same for every payload', () => {
    const digits = '1'.repeat(1000);
    const numericSize = encodeQR(digits, 'raw', { ecc: 'medium', encoding: 'numeric', border: 1 }).length - 2;
    const byteSize = encodeQR(digits, 'raw', { ecc: 'medium', encoding: 'byte', border: 1 }).length - 2;
    expect(numericSize).toBeLessThan(byteSize);
    expect(encodeQr(digits).size).toBe(byteSize);
  });

  it('picks the smallest version that fits', () => {
    expect(encodeQr('').version).toBe(1);
    expect(encodeQr('a'.repeat(14)).version).toBe(1);
    expect(encodeQr('a'.repeat(15)).version).toBe(2);
  });

  it('reports the byte count it refused', () => {
    try {
      encodeQr('🌸'.repeat(600));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(QrCapacityError);
      expect((e as QrCapacityError).bytes).toBe(2400);
      expect((e as Error).name).toBe('QrCapacityError');
    }
  });
});
