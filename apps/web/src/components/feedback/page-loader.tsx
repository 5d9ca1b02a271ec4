import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../lib/use-translation';

/** Placeholder while a screen's code or data loads. */
export function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <Center py={80} role="status" aria-live="polite">
      <Loader />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Center>
  );
}
