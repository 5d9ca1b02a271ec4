import { Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { PrivacySections } from '../components/privacy-sections';
import { ServicePage } from '../components/service-page';

/**
 * /service/privacy: the built-in privacy policy, the footer's link unless the operator names
 * their own (FOOTER_PRIVACY_URL).
 */
export function PrivacyPage() {
  const { t } = useTranslation('service');
  return (
    <ServicePage title={t('privacy.title')} lead={t('privacy.lead')}>
      <Stack gap="lg" data-testid="privacy-page">
        <PrivacySections />
      </Stack>
    </ServicePage>
  );
}
