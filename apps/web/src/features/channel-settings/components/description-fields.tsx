import { Fieldset, Stack, Textarea } from '@mantine/core';
import { CHANNEL_LIMITS } from '@qrqr/shared/channel-constants';
import { fieldErrorText } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';
import { LengthHint } from './length-hint';
import type { SettingsPartProps } from './settings-part';

/** The channel's short and long descriptions. */
export function DescriptionFields({ form, values }: SettingsPartProps) {
  const { t } = useTranslation('channel-settings');
  const { register, formState } = form;
  const errors = formState.errors;
  const err = (message: string | undefined) => fieldErrorText(t, message);
  return (
    <Fieldset legend={t('descriptions')}>
      <Stack gap="sm">
        <Textarea
          label={t('fields.description_short')}
          autosize
          minRows={2}
          {...register('description_short')}
          error={err(errors.description_short?.message)}
          description={
            <LengthHint value={values.description_short ?? ''} max={CHANNEL_LIMITS.descriptionShortMax} />
          }
        />
        <Textarea
          label={t('fields.description_long')}
          autosize
          minRows={4}
          {...register('description_long')}
          error={err(errors.description_long?.message)}
          description={
            <LengthHint value={values.description_long ?? ''} max={CHANNEL_LIMITS.descriptionLongMax} />
          }
        />
      </Stack>
    </Fieldset>
  );
}
