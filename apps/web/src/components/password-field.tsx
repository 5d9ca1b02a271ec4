import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from '../lib/use-translation';

/** A password input whose show/hide button is named in the page's language (Mantine's is English). */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('common');
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('show_password') }} {...props} />;
}
