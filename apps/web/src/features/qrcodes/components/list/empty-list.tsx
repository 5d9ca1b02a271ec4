import { Button, Paper, Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../../components/button-link';
import { useTranslation } from '../../../../lib/use-translation';

interface EmptyListProps {
  shared: boolean;
  filtered: boolean;
  onClear: () => void;
}

/** Nothing to show: say why, and offer the way on. */
export function EmptyList({ shared, filtered, onClear }: EmptyListProps) {
  const { t } = useTranslation('qrcode');
  let body = (
    <>
      <Text fw={700}>{t('empty.none_title')}</Text>
      <Text size="sm" c="dimmed">
        {t('empty.none_body')}
      </Text>
      <ButtonLink href={paths.home}>{t('empty.create')}</ButtonLink>
    </>
  );
  if (filtered) {
    body = (
      <>
        <Text fw={700}>{t('empty.filtered_title')}</Text>
        <Button variant="default" onClick={onClear}>
          {t('filters.clear')}
        </Button>
      </>
    );
  } else if (shared) {
    body = (
      <>
        <Text fw={700}>{t('empty.shared_title')}</Text>
        <Text size="sm" c="dimmed">
          {t('empty.shared_body')}
        </Text>
      </>
    );
  }
  return (
    <Paper withBorder radius="md" p="xl" data-testid="list-empty">
      <Stack gap="sm" align="center" ta="center">
        {body}
      </Stack>
    </Paper>
  );
}
