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

/** Reads a `WIFI:` payload back; null when it is not one. Used by tests and the reader. */
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
    }
  }
  const encryption = fields.get('T') ?? 'nopass';
  if (!fields.has('S') || !['WPA', 'WEP', 'nopass'].includes(encryption)) return null;
  return {
    ssid: fields.get('S') ?? '',
    password: fields.get('P') ?? '',
    encryption: encryption as WifiEncryption,
    hidden: fields.get('H') === 'true',
  };
}
