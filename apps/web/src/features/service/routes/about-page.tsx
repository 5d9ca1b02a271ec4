import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { useTranslation } from '../../../lib/use-translation';
import { DataCredits } from '../components/data-credits';
import { ServicePage } from '../components/service-page';

const SERVICES = ['qr', 'channel', 'wifi'] as const;
const FAQ = [
  'free',
  'guest',
  'analysis',
  'redirect_change',
  'formats',
  'print',
  'wifi',
  'delete',
  'account',
] as const;

/** /service/about: what QRQR is, its three services, and the FAQ at #faq. */
export function AboutPage() {
  const { t } = useTranslation('service');
  return (
    <ServicePage title={t('about.title')} lead={t('about.lead')}>
      <Stack gap="md" component="section" aria-labelledby="about-services">
        <Title order={2} fz="xl" id="about-services">
          {t('about.services_title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {SERVICES.map((key) => (
            <Paper key={key} withBorder radius="md" p="md">
              <Stack gap={6}>
                <Title order={3} fz="md">
                  {t(`about.${key}.title`)}
                </Title>
                <Text size="sm">{t(`about.${key}.body`)}</Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
        <ButtonLink href={paths.home} style={{ alignSelf: 'flex-start' }}>
          {t('about.start')}
        </ButtonLink>
      </Stack>
      <Stack
        gap="md"
        component="section"
        id="faq"
        aria-labelledby="faq-title"
        style={{ scrollMarginTop: 80 }}
      >
        <Title order={2} fz="xl" id="faq-title">
          {t('faq.title')}
        </Title>
        {FAQ.map((key) => (
          <Paper key={key} withBorder radius="md" p="md">
            <Stack gap={6}>
              <Title order={3} fz="md">
                {t(`faq.${key}.q`)}
              </Title>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {t(`faq.${key}.a`)}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <DataCredits />
    </ServicePage>
  );
}
