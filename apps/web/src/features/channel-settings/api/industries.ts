import { api, type IndustryDto } from '@qrqr/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../lib/api-client';

/** The industry list in the interface language (the server names them per locale). */
export function useIndustries() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['industries', i18n.language],
    queryFn: async () => (await apiGet<{ industories: IndustryDto[] }>(api.industries)).industories ?? [],
    staleTime: Number.POSITIVE_INFINITY,
  });
}
