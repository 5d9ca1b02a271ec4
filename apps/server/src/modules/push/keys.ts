import webpush from 'web-push';
import { getOrCreateSetting } from '../../platform/cluster/settings';
import type { AppContext } from '../../platform/core/context';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: address push services may write to. */
  subject: string;
}

/**
 * The VAPID keys: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when both are set, else a pair made on first
 * start and kept in `app_settings`, so every process of one installation signs with the same key
 * (a subscription is bound to the key it was made with).
 */
export async function loadVapidKeys(ctx: Pick<AppContext, 'db' | 'config'>): Promise<VapidKeys> {
  const { config } = ctx;
  const subject = config.VAPID_SUBJECT ?? defaultSubject(config.publicUrl, config.MAIL_FROM);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const stored = await getOrCreateSetting(ctx.db, 'vapid_keys', () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  const pair = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { ...pair, subject };
}

/** The site when it is public https, else the address mail comes from. */
function defaultSubject(publicUrl: string, mailFrom: string): string {
  const url = new URL(publicUrl);
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
