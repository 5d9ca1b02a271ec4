import { qrLogoPicturePath } from '@qrqr/shared/paths';
import { LOGO_IN_USE_FIELD } from '@qrqr/shared/qr-design-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, isApiError } from '../../../lib/api-client';
import { logoPicturesKey } from './logo-pictures';

/** DELETE /api/qrcode/logo/{id}: one of the member's own logo pictures; the list refreshes. */
export function useDeleteLogoPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<object>(qrLogoPicturePath(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logoPicturesKey }),
  });
}

/** How many saved codes draw the picture, when the delete was refused for that (E-409); else null. */
export function codesUsingLogo(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'E-409') return null;
  const count = Number(error.fieldErrors.find((f) => f.field === LOGO_IN_USE_FIELD)?.values?.[0]);
  return Number.isInteger(count) && count > 0 ? count : null;
}
