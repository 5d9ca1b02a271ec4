import { api } from '@qrqr/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export interface NewsItem {
  id: string | number;
  title: string;
  body: string;
  /** Unix milliseconds (or an ISO date). */
  published_at: number | string;
}

export async function getNews(limit: number): Promise<NewsItem[]> {
  const answer = await apiGet<{ news: NewsItem[] }>(api.news, { limit });
  return answer.news ?? [];
}

export function newsQueryOptions(limit: number) {
  return queryOptions({ queryKey: ['news', limit], queryFn: () => getNews(limit), staleTime: 5 * 60_000 });
}

export function useNews(limit: number) {
  return useQuery(newsQueryOptions(limit));
}
