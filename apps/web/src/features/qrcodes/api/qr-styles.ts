import { api, qrStylePath } from '@qrqr/shared/paths';
import type { SaveStyleBody, StyleDto } from '@qrqr/shared/qr-design-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client';

/** A member's saved styles: list, save, delete (one small file, as welcome-calls.ts keeps its calls). */
export const stylesKey = ['qr-styles'] as const;

export const stylesQueryOptions = queryOptions({
  queryKey: stylesKey,
  queryFn: async () => (await apiGet<{ styles: StyleDto[] }>(api.qrStyles)).styles,
});

export function useStyles(enabled: boolean) {
  return useQuery({ ...stylesQueryOptions, enabled });
}

export function useSaveStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveStyleBody) => (await apiPost<{ style: StyleDto }>(api.qrStyles, body)).style,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stylesKey }),
  });
}

export function useDeleteStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<object>(qrStylePath(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stylesKey }),
  });
}
