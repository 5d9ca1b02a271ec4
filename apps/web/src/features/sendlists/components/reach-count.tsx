import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';

interface ReachCountProps {
  count: number | undefined;
  pending: boolean;
  failed: boolean;
  /** The number shown is the last one counted: the latest count was refused. */
  stale?: boolean;
}

/** The number of followers the boxes reach, kept up to date while the operator edits them. */
export function ReachCount({ count, pending, failed, stale = false }: ReachCountProps) {
  const { t } = useTranslation('sendlists');
  let value = t('edit.reach_counting');
  if (failed) value = t('edit.reach_failed');
  else if (count !== undefined) value = t('edit.reach', { count });
  return (
    <Group gap={6} wrap="wrap" aria-live="polite" data-testid="reach">
      <Text size="sm" c="dimmed">
        {t('edit.reach_label')}
      </Text>
      <Text size="sm" fw={700} data-testid="reach-count" c={failed ? 'red.8' : undefined}>
        {value}
      </Text>
      {stale ? (
        <Text size="sm" c="dimmed" data-testid="reach-stale">
          {t('edit.reach_stale')}
        </Text>
      ) : null}
      {pending && !failed ? <Loader size={12} aria-hidden /> : null}
    </Group>
  );
}
