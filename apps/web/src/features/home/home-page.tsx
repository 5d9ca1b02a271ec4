import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { Features } from './components/features';
import { Hero } from './components/hero';

/**
 * Top page. A landing for now; a later issue puts the QR code create form (tabs URL, text, Wi-Fi,
 * channel, bookmarklet) here, above the service introduction.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const { params } = useSession();
  useDocumentTitle(t('page_title'));
  return (
    <>
      <Hero params={params} />
      <Features />
    </>
  );
}
