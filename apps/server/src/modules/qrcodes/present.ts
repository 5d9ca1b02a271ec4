import { encodeFor } from '@qrqr/qr';
import { REDIRECT_PREFIX } from '@qrqr/shared/paths';
import type { WifiEncryption } from '@qrqr/shared/qr-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import type { QrCodeRow } from '../../db/schema';
import { fromFlags } from '../sharing/lookup';
import { designOf } from './design';
import type { ListedQrCode } from './repository';

/**
 * A code as every QR-manager call answers it (qrCodeSchema of @qrqr/shared). A recipient without
 * `view` gets its title and dates only: the content, the image's payload (a secret code's token),
 * the Wi-Fi profile and the read count are the read log's, which that permission guards.
 */
export function presentQrCode(row: QrCodeRow | ListedQrCode, publicUrl: string): QrCodeDto {
  const share = 'share' in row ? row.share : undefined;
  if (share && !share.can_view) {
    return {
      id: row.id,
      title: row.title,
      tab: row.tab,
      type: row.type,
      url: '',
      payload: '',
      analysis: false,
      analysis_type: 0,
      redirect_url: null,
      wifi: null,
      created_at: row.created_at,
      total_read_count: 0,
      version: 0,
      is_owner: false,
      owner_name: share.owner_name,
      permissions: fromFlags(share),
      content_hidden: true,
    };
  }
  return {
    id: row.id,
    title: row.title,
    tab: row.tab,
    type: row.type,
    url: row.content,
    payload: row.payload,
    // On while the code counts: a redirect or secret code may pause (the read-log page's switch).
    analysis: row.analysis_type !== 0 && !row.analytics_paused,
    analysis_type: row.analysis_type,
    redirect_url: row.short_code ? redirectUrl(publicUrl, row.short_code) : null,
    wifi:
      row.type === 3
        ? {
            name: row.wifi_name ?? '',
            ssid: row.wifi_ssid ?? '',
            password: row.wifi_password ?? '',
            encryption: (row.wifi_encryption ?? 'WPA') as WifiEncryption,
            hidden: Boolean(row.wifi_hidden),
            expir_time: row.wifi_expire_hours,
          }
        : null,
    created_at: row.created_at,
    total_read_count: row.read_count,
    version: designedVersion(row),
    design: designOf(row),
    // Only the shared tab lists codes of others; every other call answers the caller's codes.
    is_owner: share === undefined,
    ...(share ? { owner_name: share.owner_name, permissions: fromFlags(share) } : {}),
  };
}

/** A logo raises error correction (and the least version): the image's version is not the stored one. */
function designedVersion(row: QrCodeRow | ListedQrCode): number {
  const design = designOf(row);
  return design?.logo ? encodeFor(row.payload, design).version : row.version;
}

export function redirectUrl(publicUrl: string, shortCode: string): string {
  return `${publicUrl}${REDIRECT_PREFIX}${shortCode}`;
}
