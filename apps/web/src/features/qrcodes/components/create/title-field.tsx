import { TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from '../../../../lib/form';
import { fieldErrorText } from '../../../../lib/form-errors';
import { useTranslation } from '../../../../lib/use-translation';

interface TitleFieldProps extends UseFormRegisterReturn<'title'> {
  /** The validation message key, if any. */
  error?: string;
}

/** The optional title of URL and text codes: the member's list shows it, visitors never see it. */
export function TitleField({ error, ...registration }: TitleFieldProps) {
  const { t } = useTranslation('qrcode');
  return (
    <TextInput
      label={t('form.title_label')}
      description={t('form.title_help')}
      {...registration}
      error={fieldErrorText(t, error)}
    />
  );
}
