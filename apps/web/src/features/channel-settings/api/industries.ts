import { useTranslation } from '../../../lib/use-translation';
import { useIndustries as useIndustriesIn } from '../../channels';

/** The industry list in the interface language (the server names them per locale): one query with channel creation's. */
export function useIndustries() {
  const { i18n } = useTranslation();
  return useIndustriesIn(i18n.language);
}
