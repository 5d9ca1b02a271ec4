import { Button, Group } from '@mantine/core';
import { useTranslation } from '../../../../lib/use-translation';

/** The create button of every tab: full width on phones, right-aligned on wide screens. */
export function SubmitRow({ pending }: { pending: boolean }) {
  const { t } = useTranslation('qrcode');
  return (
    <Group justify="flex-end">
      <Button
        type="submit"
        loading={pending}
        size="md"
        w={{ base: '100%', sm: 'auto' }}
        data-testid="create-submit"
      >
        {t('form.submit')}
      </Button>
    </Group>
  );
}
