import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useScreenTexts } from '../../../lib/use-screen-texts';
import { useTranslation } from '../../../lib/use-translation';

/**
 * Attribution of the bundled IP-to-country data (apps/server/src/modules/analytics/country.ts): its
 * CC BY 4.0 licence asks for the source and the licence to be named where the data is used. The
 * prefecture boundaries (reader/prefecture-boundaries.ts) are public domain and named as a courtesy.
 * Its texts load with it (the last section of the about page), not with every first visit.
 */
export function DataCredits() {
  const { t } = useTranslation('credits');
  const ready = useScreenTexts('credits');
  if (!ready) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="data-credits">
      <Title order={2} fz="xl" id="data-credits">
        {t('title')}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Text size="sm">{t('country_lead')}</Text>
          <Text size="sm">{t('country_source')}</Text>
          <Text size="sm" c="dimmed">
            {t('country_license')}
          </Text>
          <Group gap="md">
            <Anchor
              size="sm"
              href="https://github.com/sapics/ip-location-db"
              target="_blank"
              rel="noreferrer"
            >
              {t('source_link')}
            </Anchor>
            <Anchor
              size="sm"
              href="https://creativecommons.org/licenses/by/4.0/"
              target="_blank"
              rel="noreferrer"
            >
              {t('license_link')}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Text size="sm">{t('prefecture_lead')}</Text>
          <Text size="sm">{t('prefecture_source')}</Text>
          <Anchor size="sm" href="https://www.naturalearthdata.com/" target="_blank" rel="noreferrer">
            {t('prefecture_link')}
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}
