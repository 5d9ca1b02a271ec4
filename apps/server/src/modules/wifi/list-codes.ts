import type { WifiCodeDto } from '@qrqr/shared/wifi-schemas';
import type { AppContext } from '../../platform/core/context';
import { memberWifiCodes } from '../qrcodes/lookup';
import { linksOfCodes } from './repository';

/** The member's Wi-Fi codes of the QR manager, each with the page it greets with (or null). */
export async function listWifiCodes(ctx: AppContext, input: { userId: string }): Promise<WifiCodeDto[]> {
  const codes = await memberWifiCodes(ctx, input.userId);
  const links = new Map(
    (
      await linksOfCodes(
        ctx.db,
        codes.map((c) => c.id),
      )
    ).map((l) => [l.qr_id, Number(l.page_id)]),
  );
  return codes.map((c) => ({
    qr_wifi_id: c.id,
    name: c.name,
    ssid: c.ssid,
    title: c.title,
    welcome_page_id: links.get(c.id) ?? null,
  }));
}
