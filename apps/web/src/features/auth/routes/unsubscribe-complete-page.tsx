import { Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { useTranslation } from '../../../lib/use-translation';
import { DoneScreen } from '../components/done-screen';

export function UnsubscribeCompletePage() {
  const { t } = useTranslation('auth');
  return (
    <DoneScreen
      title={t('unsubscribe_complete.title')}
      testId="unsubscribe-complete"
      actions={<ButtonLink href={paths.home}>{t('common:back_to_top')}</ButtonLink>}
    >
      <Text>{t('unsubscribe_complete.body')}</Text>
      <Text>{t('unsubscribe_complete.thanks')}</Text>
    </DoneScreen>
  );
}
