import { api } from '@qrqr/shared/paths';
import type { QrListData } from '@qrqr/shared/qrcode-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** What the list screen and the guest history ask for (GET /qrcode/list/data). */
export interface QrListParams {
  page: number;
  title?: string;
  from?: string;
  to?: string;
  /** The shared tab (list tab 2). */
  shared?: boolean;
}

/** Every list of codes lives under this key; a change to any code invalidates all of them. */
export const qrcodesKey = ['qrcodes'] as const;

export async function getQrcodes(params: QrListParams): Promise<QrListData> {
  return apiGet<QrListData>(api.qrListData, {
    page: params.page,
    title: params.title || undefined,
    from: params.from || undefined,
    to: params.to || undefined,
    type: params.shared ? 'share' : undefined,
  });
}

export function qrcodesQueryOptions(params: QrListParams) {
  return queryOptions({
    queryKey: [...qrcodesKey, 'list', params],
    queryFn: () => getQrcodes(params),
    // Keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useQrcodes(params: QrListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...qrcodesQueryOptions(params), enabled: options.enabled ?? true });
}
