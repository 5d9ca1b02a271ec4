import type { LogoImage } from '@qrqr/qr';
import type { QrDesign } from '@qrqr/shared/qr-design-constants';
import { useLogoChoices } from '../../api/logo-choices';
import { useLogoImage } from './use-logo-image';

/**
 * The picture a design's logo names, for a preview (a channel's icon, or a picture by its
 * address); undefined while none.
 */
export function useDesignLogo(design: QrDesign | null | undefined, isGuest: boolean): LogoImage | undefined {
  const logo = design?.logo;
  const choices = useLogoChoices(!isGuest && logo?.source === 'channel');
  const url =
    logo?.source === 'channel'
      ? (choices.data?.find((c) => c.channelId === logo.channel_id)?.iconUrl ?? null)
      : (logo?.image_url ?? null);
  return useLogoImage(url);
}
