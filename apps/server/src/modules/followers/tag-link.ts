import { CHANNEL_PAGE_PREFIX } from '@qrqr/shared/paths';
import { getSecret } from '../../platform/cluster/settings';
import type { AppContext } from '../../platform/core/context';
import { hmac, safeEqual } from '../../platform/core/crypto';

/**
 * Follow links that carry tags: `/c/{code}?tags=<ids>.<signature>`, ids joined by "-", the
 * signature an HMAC-SHA256 (128 bits kept) of the channel id and the ids with the server secret.
 * A visitor cannot invent or move tags, nor reuse one channel's link on another channel.
 */
const SIGNATURE_CHARS = 22;
const TOKEN = /^([1-9]\d{0,15}(?:-[1-9]\d{0,15}){0,9})\.([A-Za-z0-9_-]{22})$/;

function signature(secret: string, channelId: number, ids: string): string {
  return hmac(secret, `follow-tags:${channelId}:${ids}`).slice(0, SIGNATURE_CHARS);
}

export async function signTagToken(ctx: AppContext, channelId: number, tagIds: number[]): Promise<string> {
  const ids = [...tagIds].sort((a, b) => a - b).join('-');
  return `${ids}.${signature(await getSecret(ctx.db), channelId, ids)}`;
}

/** The tag ids a token carries for this channel, or null when it is malformed or forged. */
export async function verifyTagToken(
  ctx: AppContext,
  channelId: number,
  token: string,
): Promise<number[] | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, ids = '', sent = ''] = match;
  if (!safeEqual(sent, signature(await getSecret(ctx.db), channelId, ids))) return null;
  return ids.split('-').map(Number);
}

/** The follow link as the operator shares it. */
export function followLinkUrl(publicUrl: string, channelCode: string, token: string): string {
  return `${publicUrl}${CHANNEL_PAGE_PREFIX}${channelCode}?tags=${token}`;
}
