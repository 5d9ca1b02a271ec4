import type { Locale } from '../limits';
import { en } from './en';
import { ja } from './ja';

export type { Messages } from './ja';
export { en, ja };

export const messages = { ja, en } as const;

/** Looks up a dotted key such as `validation.email_invalid`; an unknown key comes back as itself. */
export function translate(key: string, locale: Locale): string {
  let node: unknown = messages[locale];
  for (const part of key.split('.')) {
    node = (node as Record<string, unknown> | undefined)?.[part];
  }
  return typeof node === 'string' ? node : key;
}
