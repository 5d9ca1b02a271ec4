import { BULK_ANALYSIS_WORDS, BULK_TYPE_WORDS, type BulkField } from '@qrqr/shared/qr-bulk-constants';
import { ANALYSIS_TYPES, type AnalysisType, QR_TABS, type QrTab } from '@qrqr/shared/qr-constants';
import { headerKey } from './csv-rows';

/** What a row asks to create, as a create-call body (still unchecked), or the cells' own errors. */
export interface RowRequest {
  tab: QrTab | null;
  body: Record<string, unknown>;
  errors: Array<{ field: string; rule: string }>;
}

const word = (cell: string | undefined) => headerKey(cell ?? '');
const oneOf = (value: string, words: readonly string[]) => words.some((w) => headerKey(w) === value);

function tabOf(fields: Partial<Record<BulkField, string>>): QrTab | null {
  const type = word(fields.type);
  if (type === '') {
    if (fields.ssid?.trim()) return QR_TABS.wifi;
    return /^https?:\/\//i.test(fields.content?.trim() ?? '') ? QR_TABS.url : QR_TABS.text;
  }
  if (oneOf(type, BULK_TYPE_WORDS.url)) return QR_TABS.url;
  if (oneOf(type, BULK_TYPE_WORDS.text)) return QR_TABS.text;
  if (oneOf(type, BULK_TYPE_WORDS.wifi)) return QR_TABS.wifi;
  return null;
}

/** The row's analysis type: its own cell, else the file's; a value not understood goes on to the schema's rule. */
function analysisOf(cell: string | undefined, fallback: AnalysisType): unknown {
  const value = word(cell);
  if (value === '') return fallback;
  if (oneOf(value, BULK_ANALYSIS_WORDS.none)) return ANALYSIS_TYPES.none;
  if (oneOf(value, BULK_ANALYSIS_WORDS.redirect)) return ANALYSIS_TYPES.redirect;
  if (oneOf(value, BULK_ANALYSIS_WORDS.secret)) return ANALYSIS_TYPES.secret;
  return value;
}

/** WPA2, WPA3 and WPA2-PSK are all WPA in a Wi-Fi code; an empty cell means none without a password. */
function encryptionOf(cell: string | undefined, password: string): string | null {
  const value = word(cell);
  if (value === '') return password === '' ? 'nopass' : 'WPA';
  if (value.startsWith('wpa')) return 'WPA';
  if (value === 'wep') return 'WEP';
  if (['nopass', 'none', 'open', 'なし', '無し', 'オープン'].includes(value)) return 'nopass';
  return null;
}

const TRUE_WORDS = ['true', '1', 'yes', 'on', 'はい', 'する', 'あり'];

/** The create-call body a CSV row stands for (the form's fields), to be checked by createQrBody. */
export function rowRequest(
  fields: Partial<Record<BulkField, string>>,
  fileAnalysis: AnalysisType,
): RowRequest {
  const tab = tabOf(fields);
  const errors: RowRequest['errors'] = [];
  const base = { title: fields.title ?? '', analysis_type: analysisOf(fields.analysis_type, fileAnalysis) };
  const content = fields.content ?? '';
  if (tab === null) {
    errors.push({ field: 'type', rule: 'validation.bulk_type' });
    return { tab, body: base, errors };
  }
  if (tab === QR_TABS.url) return { tab, body: { ...base, tab, url: content }, errors };
  if (tab === QR_TABS.text) return { tab, body: { ...base, tab, text: content }, errors };
  const password = fields.password ?? '';
  const encryption = encryptionOf(fields.security, password);
  if (encryption === null) errors.push({ field: 'security', rule: 'validation.bulk_security' });
  return {
    tab,
    body: {
      ...base,
      tab,
      name: fields.name ?? '',
      // A Wi-Fi row may give the network in the content column.
      ssid: (fields.ssid ?? '') || content,
      password,
      encryption: encryption ?? 'WPA',
      hidden: TRUE_WORDS.includes(word(fields.hidden)),
    },
    errors,
  };
}
