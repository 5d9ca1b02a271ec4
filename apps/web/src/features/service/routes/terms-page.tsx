import { Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { PrivacySections } from '../components/privacy-sections';
import { ServicePage } from '../components/service-page';
import { TextSection } from '../components/text-section';

const TERMS = [
  'scope',
  'account',
  'guest',
  'content',
  'prohibited',
  'analysis',
  'channel',
  'availability',
  'liability',
  'changes',
  'law',
] as const;

/** /service/terms: terms of use, then the privacy policy at #privacy (also a page of its own). */
export function TermsPage() {
  const { t } = useTranslation('service');
  return (
    <ServicePage title={t('terms.title')} lead={t('terms.lead')}>
      <Stack gap="lg" data-testid="terms-page">
        {TERMS.map((key, i) => (
          <TextSection
            key={key}
            order={2}
            title={t('terms.article', { n: i + 1, title: t(`terms.${key}.title`) })}
            body={t(`terms.${key}.body`)}
          />
        ))}
        <Text size="sm" c="dimmed">
          {t('terms.effective')}
        </Text>
      </Stack>
      <Divider />
      <Stack
        gap="lg"
        component="section"
        id="privacy"
        aria-labelledby="privacy-title"
        style={{ scrollMarginTop: 80 }}
      >
        <Stack gap="xs">
          <Title order={2} id="privacy-title" fz={{ base: 22, sm: 26 }}>
            {t('privacy.title')}
          </Title>
          <Text c="dimmed">{t('privacy.lead')}</Text>
        </Stack>
        <PrivacySections />
      </Stack>
    </ServicePage>
  );
}
