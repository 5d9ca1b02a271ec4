import { wifiPayload } from '@qrqr/shared/wifi-payload';

const bytes = (s: string) => new TextEncoder().encode(s).length;

/** Deterministic printable ASCII (a tiny LCG), so a failure repeats. */
export function asciiOf(length: number, seed = 7): string {
  let x = seed;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out += String.fromCharCode(0x20 + (x % 95));
  }
  return out;
}

/** Japanese, emoji and ASCII mixed, exactly `target` UTF-8 bytes long. */
export function mixedOf(target: number): string {
  const parts = ['さくらカフェ', '🌸', ' Wi-Fi: ', '東京都渋谷区', 'ｶﾀｶﾅ', '\\;,:"'];
  let out = '';
  for (let i = 0; bytes(out + (parts[i % parts.length] as string)) <= target; i++)
    out += parts[i % parts.length];
  return out + 'x'.repeat(target - bytes(out));
}

export const CASES: Record<string, string> = {
  'short URL': 'https://example.jp/r/Ab3dE7x',
  Japanese: 'こんにちは、さくらカフェです🌸',
  '2331 bytes of ASCII': asciiOf(2331),
  '2331 bytes, Japanese and emoji mixed': mixedOf(2331),
  'Wi-Fi, every escaped character': wifiPayload({
    ssid: 'Cafe "A";B,C:D\\E',
    password: 'p;a,s:s"w\\o"rd\\;',
    encryption: 'WPA',
    hidden: false,
  }),
  'Wi-Fi, hidden WEP': wifiPayload({ ssid: '\\\\;;', password: ',,::""', encryption: 'WEP', hidden: true }),
  'Wi-Fi, open, Japanese SSID': wifiPayload({
    ssid: 'さくら;カフェ',
    password: '',
    encryption: 'nopass',
    hidden: false,
  }),
};
