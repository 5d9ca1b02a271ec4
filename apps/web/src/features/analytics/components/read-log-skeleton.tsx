import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';

/** What the read log will look like, while its figures load. */
export function ReadLogSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md" role="status" aria-live="polite" aria-label={t('loading')} data-testid="readlog-loading">
      <Skeleton h={110} radius="md" />
      <Skeleton h={60} radius="md" />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Skeleton h={96} radius="md" />
        <Skeleton h={96} radius="md" />
        <Skeleton h={96} radius="md" />
      </SimpleGrid>
      <Skeleton h={300} radius="md" />
    </Stack>
  );
}
