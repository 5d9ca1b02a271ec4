import type { WifiPageDto } from '@qrqr/shared/wifi-schemas';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { channelById } from '../channels/lookup';
import { memberWifiCodes } from '../qrcodes/lookup';
import { presentPage } from './present';
import { findPageRow, linksOfPages } from './repository';

/** One page of the member with its linked codes; another member's or a missing page answers E-404. */
export async function getPage(
  ctx: AppContext,
  input: { userId: string; id: number | null; now?: number },
): Promise<WifiPageDto> {
  const now = input.now ?? Date.now();
  const row =
    input.id === null ? undefined : await findPageRow(ctx.db, { userId: input.userId, id: input.id });
  if (!row) throw new AppError('E-404');
  const [channel, links] = await Promise.all([
    channelById(ctx, Number(row.channel_id)),
    linksOfPages(ctx.db, [Number(row.id)]),
  ]);
  if (!channel) throw new AppError('E-404');
  const codes = new Map(
    (
      await memberWifiCodes(
        ctx,
        input.userId,
        links.map((l) => l.qr_id),
      )
    ).map((c) => [c.id, c]),
  );
  const profiles = links.map((l) => ({
    qr_wifi_id: l.qr_id,
    name: codes.get(l.qr_id)?.name ?? '',
    ssid: codes.get(l.qr_id)?.ssid ?? '',
    release_dt: Math.floor(Number(l.release_at) / 1000),
    released: Number(l.release_at) <= now,
  }));
  return presentPage(
    row,
    channel,
    profiles,
    profiles.some((p) => p.released),
  );
}
