import type { WifiEncryption } from './qr-constants';

/** A Wi-Fi connection profile as the create form and the code hold it. */
export interface WifiProfile {
  ssid: string;
  password: string;
  encryption: WifiEncryption;
  hidden: boolean;
}

/** The standard format escapes these five characters with a backslash. */
const SPECIAL = /[\\;,:"]/g;

export function escapeWifiField(value: string): string {
  return value.replace(SPECIAL, (c) => `\\${c}`);
}

/** The `WIFI:T:…;S:…;P:…;H:…;;` payload phones join a network from (no analysis). */
export function wifiPayload(profile: WifiProfile): string {
  const parts = [`T:${profile.encryption}`, `S:${escapeWifiField(profile.ssid)}`];
  if (profile.encryption !== 'nopass') parts.push(`P:${escapeWifiField(profile.password)}`);
  if (profile.hidden) parts.push('H:true');
  return `WIFI:${parts.join(';')};;`;
}

/** Security types other generators write; WPA2/WPA3 (SAE) networks join as our `WPA`. */
const ENCRYPTION_ALIASES = new Map<string, WifiEncryption>([
  ['WPA', 'WPA'],
  ['WPA2', 'WPA'],
  ['WPA3', 'WPA'],
  ['SAE', 'WPA'],
  ['WEP', 'WEP'],
  ['NOPASS', 'nopass'],
  ['', 'nopass'],
]);

/**
 * Reads a `WIFI:` payload back; null when it is not one (no SSID field, an unknown security type
 * such as WPA2-EAP, or a part without `key:`). Lenient where other generators differ: any field
 * order, letter case of the type and hidden flag, a missing final `;`. Used by tests and the reader.
 */
export function parseWifiPayload(payload: string): WifiProfile | null {
  if (!payload.startsWith('WIFI:')) return null;
  const fields = new Map<string, string>();
  let key = '';
  let value = '';
  let inValue = false;
  for (let i = 5; i < payload.length; i++) {
    const c = payload[i] as string;
    if (c === '\\' && inValue && i + 1 < payload.length) {
      value += payload[++i];
    } else if (!inValue && c === ':') {
      inValue = true;
    } else if (inValue && c === ';') {
      fields.set(key, value);
      key = '';
      value = '';
      inValue = false;
    } else if (inValue) {
      value += c;
    } else if (c !== ';') {
      key += c;
    } else if (key) {
      return null; // `;` ends a part that never had its `:`
    }
  }
  if (inValue) fields.set(key, value);
  else if (key) return null;
  const encryption = ENCRYPTION_ALIASES.get((fields.get('T') ?? '').toUpperCase());
  const ssid = fields.get('S');
  if (ssid === undefined || !encryption) return null;
  return {
    ssid,
    password: fields.get('P') ?? '',
    encryption,
    hidden: fields.get('H')?.toLowerCase() === 'true',
  };
}
