import { Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AnalyticsGraph } from '@qrqr/shared/analytics-schemas';
import { Suspense } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { prefectureName } from '../lib/prefectures';
import { countryName } from '../lib/region-names';
import { LazyRegionBars } from './lazy-charts';
import { ShareTable } from './share-table';

/** Countries (names in the interface language) as a table and bars; prefectures when the reader reported them. */
export function RegionSection({ graph }: { graph: Pick<AnalyticsGraph, 'countries' | 'prefectures'> }) {
  const { t, i18n } = useTranslation('readlog');
  const lng = i18n.language;
  const countries = graph.countries.map((c) => ({
    key: c.country,
    name: countryName(c.country, lng) ?? t('region.unknown'),
    reads: c.reads,
  }));
  const prefectures = graph.prefectures.map((p) => ({
    key: p.prefecture,
    name: prefectureName(p.prefecture, lng) ?? t('region.unknown'),
    reads: p.reads,
  }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="region-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="region-title">
          {t('region.title')}
        </Title>
        {countries.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="region-empty">
            {t('region.empty')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ShareTable
              label={t('region.countries')}
              nameHeader={t('region.country')}
              rows={countries}
              testId="countries-table"
            />
            <Suspense
              fallback={
                <Center h={80}>
                  <Loader size="sm" />
                </Center>
              }
            >
              <div aria-hidden="true">
                <LazyRegionBars rows={countries.slice(0, 10)} />
              </div>
            </Suspense>
          </SimpleGrid>
        )}
        {prefectures.length > 0 ? (
          <ShareTable
            label={t('region.prefectures')}
            nameHeader={t('region.prefecture')}
            rows={prefectures}
            testId="prefectures-table"
          />
        ) : (
          <Text size="xs" c="dimmed">
            {t('region.no_prefectures')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
