import type { PageParams } from '@qrqr/shared/page-params';
import { api } from '@qrqr/shared/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { rememberCsrfToken } from './csrf';
import { GUEST_PARAMS, readEmbeddedParams } from './page-params';

export const sessionQueryKey = ['session'] as const;

async function fetchSession(): Promise<PageParams> {
  const body = await apiGet<{ params: PageParams }>(api.session);
  const params = { ...GUEST_PARAMS, ...body.params };
  rememberCsrfToken(params.csrfToken);
  return params;
}

const embedded = readEmbeddedParams();
rememberCsrfToken(embedded?.csrfToken);

/**
 * The session lives in the query cache, seeded from the parameters the server rendered into the
 * page; screens that change who is signed in invalidate it to refetch.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSession,
  staleTime: Number.POSITIVE_INFINITY,
  ...(embedded ? { initialData: embedded } : {}),
});

export function embeddedLocale(): string | undefined {
  return embedded?.locale;
}

/** Current page parameters; a guest's while loading or when the session cannot be fetched. */
export function useSession(): { params: PageParams; isPending: boolean } {
  const query = useQuery(sessionQueryOptions);
  return { params: query.data ?? GUEST_PARAMS, isPending: query.isPending };
}
