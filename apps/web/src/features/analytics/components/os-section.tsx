import { Paper, Stack, Text, Title } from '@mantine/core';
import type { AnalyticsGraph } from '@qrqr/shared/analytics-schemas';
import { useTranslation } from '../../../lib/use-translation';
import { ShareTable } from './share-table';

/** Reads per operating system, most first. */
export function OsSection({ os }: { os: AnalyticsGraph['os'] }) {
  const { t } = useTranslation('readlog');
  const rows = os.map((o) => ({ key: o.os, name: t(`os.${o.os}`), reads: o.reads }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="os-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="os-title">
          {t('os.title')}
        </Title>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('os.empty')}
          </Text>
        ) : (
          <ShareTable labelledBy="os-title" nameHeader={t('os.name')} rows={rows} testId="os-table" />
        )}
      </Stack>
    </Paper>
  );
}
