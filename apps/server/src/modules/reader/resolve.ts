import { QR_TABS } from '@qrqr/shared/qr-constants';
import type { ReaderResult } from '@qrqr/shared/reader-schemas';
import type { QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { qrCodeById, qrCodeBySecretToken, qrCodeByShortCode, type ReadRecorder } from '../qrcodes/lookup';
import { welcomePageOfPlainScan, welcomePageOfScan } from '../wifi/lookup';
import { classifyScan } from './classify';
import { prefectureAt } from './prefecture';

export interface ReaderContext extends AppContext {
  /** The QR manager's read buffer: official reads go through it like /r/ reads. */
  reads: ReadRecorder;
}

export interface ScanInput {
  text: string;
  position?: { lat: number; lng: number };
  deviceHash: string;
  ip: string;
  userAgent: string;
}

const HOUR_MS = 3_600_000;

/**
 * What our reader shows for a scanned text, counting an official read (source 1) for each of our
 * codes it finds. The position only picks a prefecture and goes no further.
 */
export async function resolveScan(ctx: ReaderContext, input: ScanInput): Promise<ReaderResult> {
  const scanned = classifyScan(input.text, ctx.config.publicUrl);
  switch (scanned.type) {
    case 'foreign':
      return { kind: 'foreign', text: input.text };
    case 'channel':
      return { kind: 'channel', channel_code: scanned.code };
    case 'wifi': {
      // Not one of our tracked codes: no read to count, no expiry to enforce; a member's plain
      // code may still be linked to a welcome page.
      const page = await welcomePageOfPlainScan(ctx, {
        payload: input.text,
        deviceHash: input.deviceHash,
        now: Date.now(),
      });
      return {
        kind: 'wifi',
        expired: false,
        plain: true,
        wifi: { ...scanned.profile, expires_at: null },
        ...(page && { welcome_page: page }),
      };
    }
    case 'secret': {
      const row = await qrCodeBySecretToken(ctx, scanned.token);
      if (!row) return { kind: 'missing' };
      // A code whose analysis is paused (read-log page) still resolves, uncounted.
      if (!row.analytics_paused) count(ctx, row.id, input);
      return row.tab === QR_TABS.wifi
        ? withWelcomePage(ctx, row, input)
        : { kind: 'text', text: row.content };
    }
    case 'redirect': {
      const hit = await qrCodeByShortCode(ctx, scanned.code);
      if (!hit) return { kind: 'missing' };
      if (!hit.analytics_paused) count(ctx, hit.id, input);
      if (hit.tab === QR_TABS.url) return { kind: 'redirect', target: asciiUrl(hit.content) };
      // Text codes with the redirect method show their text, as /r/ does in a browser.
      if (hit.tab !== QR_TABS.wifi) return { kind: 'text', text: hit.content };
      const row = await qrCodeById(ctx, hit.id);
      return row ? withWelcomePage(ctx, row, input) : { kind: 'missing' };
    }
  }
}

/**
 * A tracked Wi-Fi code's profile and, when the code is linked to a released welcome page, the
 * page itself (read at this moment: a scan one second before the release shows the network only).
 */
async function withWelcomePage(ctx: ReaderContext, row: QrCodeRow, input: ScanInput): Promise<ReaderResult> {
  const now = Date.now();
  const result = wifiResult(row, now);
  if (result.kind !== 'wifi' || result.expired) return result;
  const page = await welcomePageOfScan(ctx, { qrId: row.id, deviceHash: input.deviceHash, now });
  return page ? { ...result, welcome_page: page } : result;
}

function count(ctx: ReaderContext, qrId: string, input: ScanInput): void {
  const prefecture = input.position ? prefectureAt(input.position.lat, input.position.lng) : null;
  ctx.reads.record({
    qrId,
    at: Date.now(),
    source: 1,
    ip: input.ip,
    userAgent: input.userAgent,
    deviceHash: input.deviceHash,
    ...(prefecture && { prefecture }),
  });
}

/**
 * A Wi-Fi profile, or only that it expired: the expiry hours run from when the settings were last
 * set (docs/decisions.md), and an expired profile's network name and password never leave the server.
 */
export function wifiResult(row: QrCodeRow, now: number): ReaderResult {
  const setAt = row.wifi_set_at ?? row.created_at;
  const expiresAt = row.wifi_expire_hours ? setAt + row.wifi_expire_hours * HOUR_MS : null;
  if (expiresAt !== null && now >= expiresAt) return { kind: 'wifi', expired: true, expires_at: expiresAt };
  return {
    kind: 'wifi',
    expired: false,
    wifi: {
      ssid: row.wifi_ssid ?? row.content,
      password: row.wifi_password ?? '',
      encryption: row.wifi_encryption ?? 'nopass',
      hidden: Boolean(row.wifi_hidden),
      expires_at: expiresAt,
    },
  };
}

/** A stored URL as a browser opens it (punycode host, percent-encoded path), like /r/ sends it. */
function asciiUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
