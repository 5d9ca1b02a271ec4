import { ANALYSIS_TYPES, QR_TABS } from '@qrqr/shared/qr-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import type { TFunction } from '../../../lib/translator';

/** URL / テキスト / Wi-Fi: the tab a code was made on. */
export function typeLabel(code: Pick<QrCodeDto, 'tab'>, t: TFunction): string {
  if (code.tab === QR_TABS.wifi) return t('qrcode:type.wifi');
  if (code.tab === QR_TABS.text) return t('qrcode:type.text');
  return t('qrcode:type.url');
}

/** なし / リダイレクト方式 / シークレット方式. */
export function analysisLabel(code: Pick<QrCodeDto, 'analysis_type'>, t: TFunction): string {
  if (code.analysis_type === ANALYSIS_TYPES.redirect) return t('qrcode:analysis.redirect');
  if (code.analysis_type === ANALYSIS_TYPES.secret) return t('qrcode:analysis.secret');
  return t('qrcode:analysis.none');
}

/** What a person recognises a code by: the URL, the text, or the network name. */
export function contentText(code: Pick<QrCodeDto, 'tab' | 'url' | 'wifi'>): string {
  if (code.tab === QR_TABS.wifi) return code.wifi?.ssid ?? code.url;
  return code.url;
}

/** The destination of a redirect code may change (/qrcode/redirectUrlUpdate/). */
export function canChangeRedirect(code: Pick<QrCodeDto, 'tab' | 'analysis_type' | 'is_owner'>): boolean {
  return code.is_owner && code.tab === QR_TABS.url && code.analysis_type === ANALYSIS_TYPES.redirect;
}
