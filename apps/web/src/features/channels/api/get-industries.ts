import type { IndustryDto, IndustryListAnswer } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export async function getIndustries(): Promise<IndustryDto[]> {
  const answer = await apiGet<IndustryListAnswer>(api.industries);
  return answer.industories ?? [];
}

/** Industries with their sub-industries, named in the interface language (the server reads it). */
export function industriesQueryOptions(language: string) {
  return queryOptions({
    queryKey: ['industries', language],
    queryFn: getIndustries,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useIndustries(language: string) {
  return useQuery(industriesQueryOptions(language));
}
