import { renderImage } from '@qrqr/qr/node';
import { CHANNEL_PAGE_PREFIX } from '@qrqr/shared/paths';
import { IMAGE_OPTIONS } from '@qrqr/shared/qr-constants';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';

export type ChannelCodeFormat = 1 | 2 | 3 | 4;

/**
 * The channel's own QR code, holding its public page `{PUBLIC_URL}/c/{channel_code}`: what the
 * operator prints for the counter.
 */
export function renderChannelCode(
  ctx: AppContext,
  input: { channel: ChannelRow; format: ChannelCodeFormat; signal?: AbortSignal },
): Promise<{ body: Buffer; contentType: string; filename: string }> {
  return renderChannelPageCode(ctx, {
    url: `${ctx.config.publicUrl}${CHANNEL_PAGE_PREFIX}${input.channel.channel_code}`,
    name: `channel-${input.channel.channel_code}`,
    format: input.format,
    signal: input.signal,
  });
}

/**
 * A QR code of one of the channel's page addresses (the page, a follow link with tags) as a file
 * named `name`: rendered at the defaults of the download dialog (10 px a cell, 4 cells of quiet
 * zone, 300 dpi for EPS) through the shared render gate.
 */
export async function renderChannelPageCode(
  ctx: AppContext,
  input: { url: string; name: string; format: ChannelCodeFormat; signal?: AbortSignal },
): Promise<{ body: Buffer; contentType: string; filename: string }> {
  const image = await ctx.renders.run(
    () =>
      renderImage(input.url, {
        format: input.format,
        cellSize: IMAGE_OPTIONS.defaultCellSize,
        margin: IMAGE_OPTIONS.defaultMargin,
        dpi: IMAGE_OPTIONS.defaultDpi,
        maxSide: IMAGE_OPTIONS.maxImagePixels,
      }),
    input.signal,
  );
  return { body: image.body, contentType: image.contentType, filename: `${input.name}.${image.extension}` };
}
