import { hmac } from '../../platform/core/crypto';

/**
 * Who scanned, without storing who: link previewers and scripts are not readers, and a person is
 * a keyed hash of code + address + browser with a random key per Asia/Tokyo day.
 */

/**
 * Crawlers, link-preview fetchers (chat apps unfurling a pasted link), uptime monitors and HTTP
 * libraries. A missing User-Agent is a script too: every phone browser sends one. "bot" counts
 * only before `/ ; ) + .` or as a word, so a phone model such as CUBOT is still a person.
 */
const BOT =
  /bot[/;)+.]|\bbot\b|crawl|spider|slurp|facebookexternalhit|facebookcatalog|embedly|preview|monitor|uptime|pingdom|lighthouse|headless|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|httpclient|scrapy|feedfetcher|mediapartners|whatsapp|telegram|discord|slack|skypeuripreview|vkshare|bitlybot|tumblr|redditbot|ia_archiver|semrush|ahrefs|petalbot|yandex|baiduspider|bingpreview|qwantify|applebot/i;

/** Scans come from few distinct browsers: the long pattern runs once per User-Agent, not per scan. */
const botMemo = new Map<string, boolean>();
const BOT_MEMO_MAX = 2000;

export function isBot(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  let bot = botMemo.get(userAgent);
  if (bot === undefined) {
    bot = BOT.test(userAgent);
    if (botMemo.size >= BOT_MEMO_MAX) botMemo.clear();
    botMemo.set(userAgent, bot);
  }
  return bot;
}

/** The OS chart's classes (AnalyticsOs of @qrqr/shared). */
export type OsClass = 'ios' | 'android' | 'windows' | 'mac' | 'linux' | 'other';

export function osClass(userAgent: string): OsClass {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  if (/Windows/.test(userAgent)) return 'windows';
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'mac';
  if (/Linux|X11|CrOS/.test(userAgent)) return 'linux';
  return 'other';
}

const TOKYO_OFFSET_MS = 9 * 3_600_000;

/** The Asia/Tokyo calendar day of a time, as YYYY-MM-DD: the unit of "daily unique users". */
export function tokyoDay(at: number): string {
  return new Date(at + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}

/** 22 base64url characters (132 bits) of HMAC-SHA256: unique per person, code and day, and one-way. */
export function visitorHash(dailyKey: string, qrId: string, ip: string, userAgent: string): string {
  return hmac(dailyKey, `${qrId}\n${ip}\n${userAgent}`).slice(0, 22);
}

/** The same for a read by our reader: its device hash stands for the person, unlinkable across codes and days. */
export function deviceVisitorHash(dailyKey: string, qrId: string, deviceHash: string): string {
  return hmac(dailyKey, `${qrId}\ndevice\n${deviceHash}`).slice(0, 22);
}
