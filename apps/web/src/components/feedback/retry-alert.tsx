import { Button, Stack } from '@mantine/core';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/use-translation';
import { FormAlert } from './form-alert';

interface RetryAlertProps {
  error: unknown;
  onRetry: () => void;
}

/** Data a screen needs could not be fetched (not a bad link): the `[code]message` and another try. */
export function RetryAlert({ error, onRetry }: RetryAlertProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <FormAlert text={errorText(error, t)} />
      <Button variant="default" onClick={onRetry}>
        {t('common:retry')}
      </Button>
    </Stack>
  );
}
