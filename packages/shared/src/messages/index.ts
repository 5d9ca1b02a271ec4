import type { Locale } from '../limits';
import { en as enCore } from './en';
import { enServices } from './en-services';
import { type Messages as CoreMessages, ja as jaCore } from './ja';
import { jaServices, type ServiceMessages } from './ja-services';

/** One language's texts whole: the first visit's (ja.ts) and the services' (ja-services.ts). */
function joined(core: CoreMessages, services: ServiceMessages) {
  return {
    ...core,
    validation: { ...core.validation, ...services.validation },
    errors: { ...core.errors, ...services.errors },
    analytics: { ...core.analytics, ...services.analytics },
    push: services.push,
  };
}

export const ja = joined(jaCore, jaServices);
export const en = joined(enCore, enServices);
export type Messages = ReturnType<typeof joined>;
export type { CoreMessages, ServiceMessages };

export const messages = { ja, en } as const;

/** Looks up a dotted key such as `validation.email_invalid`; an unknown key comes back as itself. */
export function translate(key: string, locale: Locale): string {
  let node: unknown = messages[locale];
  for (const part of key.split('.')) {
    node = (node as Record<string, unknown> | undefined)?.[part];
  }
  return typeof node === 'string' ? node : key;
}
