import type { Locale } from '../limits';
import { en as enCore } from './en';
import { enAbTests } from './en-ab-tests';
import { enDesign } from './en-design';
import { enServices } from './en-services';
import { type Messages as CoreMessages, ja as jaCore } from './ja';
import { type AbTestMessages, jaAbTests } from './ja-ab-tests';
import { type DesignMessages, jaDesign } from './ja-design';
import { jaServices, type ServiceMessages } from './ja-services';

/**
 * One language's texts whole: the first visit's (ja.ts), the services' (ja-services.ts) and the
 * design panel's (ja-design.ts).
 */
function joined(
  core: CoreMessages,
  services: ServiceMessages,
  design: DesignMessages,
  abTests: AbTestMessages,
) {
  return {
    ...core,
    validation: { ...core.validation, ...services.validation, ...design.validation, ...abTests.validation },
    errors: { ...core.errors, ...services.errors, ...design.errors, ...abTests.errors },
    analytics: { ...core.analytics, ...services.analytics, ...abTests.analytics },
    push: services.push,
  };
}

export const ja = joined(jaCore, jaServices, jaDesign, jaAbTests);
export const en = joined(enCore, enServices, enDesign, enAbTests);
export type Messages = ReturnType<typeof joined>;
export type { AbTestMessages, CoreMessages, DesignMessages, ServiceMessages };

export const messages = { ja, en } as const;

/** Looks up a dotted key such as `validation.email_invalid`; an unknown key comes back as itself. */
export function translate(key: string, locale: Locale): string {
  let node: unknown = messages[locale];
  for (const part of key.split('.')) {
    node = (node as Record<string, unknown> | undefined)?.[part];
  }
  return typeof node === 'string' ? node : key;
}
