import { api } from '@qrqr/shared/paths';
import type { LogoPictureListAnswer } from '@qrqr/shared/qr-design-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** The member's own logo pictures (GET /api/qrcode/logo): the design panel's uploaded choices. */
export const logoPicturesKey = ['qr-logo-pictures'] as const;

export function useLogoPictures(enabled: boolean) {
  return useQuery({
    queryKey: logoPicturesKey,
    enabled,
    queryFn: async () => (await apiGet<LogoPictureListAnswer>(api.qrLogoPicture)).pictures,
  });
}
