import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_OPTIONS, QR_LIMITS, WIFI_ENCRYPTIONS } from '../src/qr-constants';
import { cellsForVersion, qrSizing } from '../src/qr-sizing';
import { escapeWifiField, parseWifiPayload, type WifiProfile, wifiPayload } from '../src/wifi-payload';

/** Text rich in the five characters the Wi-Fi format escapes, plus anything else. */
const fieldText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\\', ';', ',', ':', '"'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

const profile: fc.Arbitrary<WifiProfile> = fc.record({
  ssid: fieldText,
  password: fieldText,
  encryption: fc.constantFrom(...WIFI_ENCRYPTIONS),
  hidden: fc.boolean(),
});

describe('wifiPayload / parseWifiPayload', () => {
  it('round-trips any profile (an open network carries no password)', () => {
    fc.assert(
      fc.property(profile, (p) => {
        const payload = wifiPayload(p);
        expect(payload.startsWith('WIFI:')).toBe(true);
        expect(payload.endsWith(';;')).toBe(true);
        expect(parseWifiPayload(payload)).toEqual({
          ...p,
          password: p.encryption === 'nopass' ? '' : p.password,
        });
      }),
      { numRuns: 500 },
    );
  });

  it('leaves no special character unescaped in a field', () => {
    fc.assert(
      fc.property(fieldText, (value) => {
        // Removing escaped pairs must leave none of the five specials behind.
        expect(escapeWifiField(value).replace(/\\./g, '')).not.toMatch(/[\\;,:"]/);
      }),
    );
  });

  it('writes the standard field order with escapes', () => {
    expect(wifiPayload({ ssid: 'a;b', password: 'c\\d"', encryption: 'WPA', hidden: true })).toBe(
      'WIFI:T:WPA;S:a\\;b;P:c\\\\d\\";H:true;;',
    );
    expect(wifiPayload({ ssid: 'Open', password: 'ignored', encryption: 'nopass', hidden: false })).toBe(
      'WIFI:T:nopass;S:Open;;',
    );
  });

  it('refuses what is not a Wi-Fi payload', () => {
    expect(parseWifiPayload('https://example.jp')).toBeNull();
    expect(parseWifiPayload('WIFI:T:WPA;P:x;;')).toBeNull(); // no SSID
    expect(parseWifiPayload('WIFI:T:WPA4;S:x;;')).toBeNull();
    expect(parseWifiPayload('WIFI:T:WPA2-EAP;S:corp;E:PEAP;I:me;P:x;;')).toBeNull(); // enterprise
    expect(parseWifiPayload('WIFI:S:x;stray;P:y;;')).toBeNull(); // a part without key
    expect(parseWifiPayload('WIFI:S:x;;tail')).toBeNull();
    expect(parseWifiPayload('WIFI:')).toBeNull();
  });

  it('reads other generators’ spellings: field order, type aliases and case, no final `;`', () => {
    expect(parseWifiPayload('WIFI:S:home;T:wpa2;P:pass;H:True;;')).toEqual({
      ssid: 'home',
      password: 'pass',
      encryption: 'WPA',
      hidden: true,
    });
    // The last field still counts without its `;`: a dropped password would read as an open network.
    expect(parseWifiPayload('WIFI:T:WPA;S:home;P:pa\\;ss')).toMatchObject({ password: 'pa;ss' });
    expect(parseWifiPayload('WIFI:T:SAE;S:a\\:b;P:c;;')).toMatchObject({ ssid: 'a:b', encryption: 'WPA' });
    expect(parseWifiPayload('WIFI:S:open;;')).toMatchObject({ encryption: 'nopass', hidden: false });
  });
});

describe('qrSizing (what the download dialog states)', () => {
  const options = fc.record({
    version: fc.integer({ min: 1, max: 40 }),
    cellSize: fc.integer({ min: IMAGE_OPTIONS.minCellSize, max: IMAGE_OPTIONS.maxCellSize }),
    margin: fc.integer({ min: IMAGE_OPTIONS.minMargin, max: IMAGE_OPTIONS.maxMargin }),
    dpi: fc.integer({ min: IMAGE_OPTIONS.minDpi, max: IMAGE_OPTIONS.maxDpi }),
  });

  it('counts cells and pixels exactly and converts to millimetres at 25.4 mm per inch', () => {
    fc.assert(
      fc.property(options, (o) => {
        const s = qrSizing(o);
        const mm = (px: number) => (px / o.dpi) * IMAGE_OPTIONS.mmPerInch;
        expect(s.cells).toBe(17 + 4 * o.version);
        expect(s.imagePixels).toBe((s.cells + 2 * o.margin) * o.cellSize);
        // Rounded to 0.01 mm: never off by more than half of that.
        expect(Math.abs(s.cellMm - mm(o.cellSize))).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.abs(s.codeRegionMm - mm(s.cells * o.cellSize))).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.abs(s.imageMm - mm(s.imagePixels))).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(s.imageMm).toBeGreaterThanOrEqual(s.codeRegionMm);
      }),
      { numRuns: 500 },
    );
  });

  it('grows with the version, cell size and margin, and shrinks with the dpi', () => {
    fc.assert(
      fc.property(options, (o) => {
        const s = qrSizing(o);
        if (o.version < 40)
          expect(qrSizing({ ...o, version: o.version + 1 }).imagePixels).toBeGreaterThan(s.imagePixels);
        expect(qrSizing({ ...o, cellSize: o.cellSize + 1 }).imageMm).toBeGreaterThanOrEqual(s.imageMm);
        expect(qrSizing({ ...o, margin: o.margin + 1 }).imagePixels).toBeGreaterThan(s.imagePixels);
        expect(qrSizing({ ...o, dpi: o.dpi * 2 }).imageMm).toBeLessThanOrEqual(s.imageMm);
      }),
    );
  });

  it('states the defaults the spec uses: version 1, 10 px cells, margin 4, 300 dpi', () => {
    expect(cellsForVersion(1)).toBe(21);
    expect(cellsForVersion(40)).toBe(177);
    expect(qrSizing({ version: 1, cellSize: 10, margin: 4, dpi: 300 })).toEqual({
      version: 1,
      cells: 21,
      imagePixels: 290,
      codeRegionMm: 17.78,
      cellMm: 0.85,
      imageMm: 24.55,
    });
    expect(QR_LIMITS.contentBytes).toBe(2331);
  });
});
