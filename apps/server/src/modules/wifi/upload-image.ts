import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { storeImage } from '../../platform/media/images';
import { memberChannel } from '../channels/lookup';

/** Whether the member owns channel `id` (checked before an upload's body is read). */
export async function ownsChannel(ctx: AppContext, userId: string, id: number | null): Promise<boolean> {
  return id !== null && (await memberChannel(ctx, userId, id)) !== undefined;
}

/**
 * A picture of a page (header, background, coupon) through the platform's upload path: sniffed,
 * re-encoded within 1024 px, stored as a picture of the page's channel.
 */
export async function uploadImage(
  ctx: AppContext,
  input: { userId: string; channelId: number | null; bytes: Buffer; signal?: AbortSignal },
) {
  if (!(await ownsChannel(ctx, input.userId, input.channelId))) throw new AppError('E-404');
  const stored = await storeImage(ctx, input.bytes, {
    owner: { channelId: input.channelId as number, purpose: 'wifi_page' },
    signal: input.signal,
  });
  return { image_id: stored.id, image_url: stored.url };
}
