import { renderImage } from '@qrqr/qr/node';
import { CHANNEL_PAGE_PREFIX, IMAGE_OPTIONS } from '@qrqr/shared';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';

/**
 * The channel's own QR code, holding its public page `{PUBLIC_URL}/c/{channel_code}`: what the
 * operator prints for the counter. Rendered at the defaults of the download dialog (10 px a cell,
 * 4 cells of quiet zone, 300 dpi for EPS) through the shared render gate.
 */
export async function renderChannelCode(
  ctx: AppContext,
  input: { channel: ChannelRow; format: 1 | 2 | 3 | 4; signal?: AbortSignal },
): Promise<{ body: Buffer; contentType: string; filename: string }> {
  const url = `${ctx.config.publicUrl}${CHANNEL_PAGE_PREFIX}${input.channel.channel_code}`;
  const image = await ctx.renders.run(
    () =>
      renderImage(url, {
        format: input.format,
        cellSize: IMAGE_OPTIONS.defaultCellSize,
        margin: IMAGE_OPTIONS.defaultMargin,
        dpi: IMAGE_OPTIONS.defaultDpi,
        maxSide: IMAGE_OPTIONS.maxImagePixels,
      }),
    input.signal,
  );
  return {
    body: image.body,
    contentType: image.contentType,
    filename: `channel-${input.channel.channel_code}.${image.extension}`,
  };
}
