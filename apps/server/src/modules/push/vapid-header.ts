import webpush from 'web-push';
import type { VapidKeys } from './keys';

/** How long one signed VAPID token is valid (push services accept up to 24 h). */
const TOKEN_SECONDS = 12 * 3600;
/** A token is used until this long before it expires, then signed anew. */
const MARGIN_MS = 3600_000;

/**
 * The `Authorization: vapid t=…, k=…` header per push-service origin (its JWT audience), signed
 * once and reused for every recipient there until close to its 12 h expiry: ES256 signing per
 * recipient is what made web-push's default send slow (bench/push).
 */
export class VapidHeaders {
  private readonly cache = new Map<string, { value: string; renewAt: number }>();

  constructor(
    private readonly keys: VapidKeys,
    private readonly now: () => number = Date.now,
  ) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  headerFor(origin: string): string {
    const at = this.now();
    const hit = this.cache.get(origin);
    if (hit && hit.renewAt > at) return hit.value;
    const expires = Math.floor(at / 1000) + TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      origin,
      this.keys.subject,
      this.keys.publicKey,
      this.keys.privateKey,
      'aes128gcm',
      expires,
    );
    this.cache.set(origin, { value: Authorization, renewAt: expires * 1000 - MARGIN_MS });
    return Authorization;
  }
}
