import type { NewsAnswer, NewsItemDto } from '@qrqr/shared/news-schemas';
import { api } from '@qrqr/shared/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export async function getNews(limit: number): Promise<NewsItemDto[]> {
  const answer = await apiGet<NewsAnswer>(api.news, { limit });
  return answer.news ?? [];
}

export function newsQueryOptions(limit: number) {
  return queryOptions({ queryKey: ['news', limit], queryFn: () => getNews(limit), staleTime: 5 * 60_000 });
}

export function useNews(limit: number) {
  return useQuery(newsQueryOptions(limit));
}
