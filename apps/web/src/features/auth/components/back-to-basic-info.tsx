import { Anchor, Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';

/** The way back under the forms reached from the basic info screen. */
export function BackToBasicInfo() {
  const { t } = useTranslation('auth');
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={paths.userInfo}>
        {t('back_to_basic_info')}
      </Anchor>
    </Text>
  );
}
