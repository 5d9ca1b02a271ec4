import { Fieldset, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { Controller } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';
import type { SettingsPartProps } from './settings-part';
import { quietTimeOptions } from './settings-values';

/** Push quiet hours: on or off, and from when to when (Japan time). */
export function QuietHoursFields({ form, values }: SettingsPartProps) {
  const { t } = useTranslation('channel-settings');
  const { control, formState } = form;
  const errors = formState.errors;
  const err = (message: string | undefined) => fieldErrorText(t, message);
  const quietTimes = quietTimeOptions([values.quiet_start ?? '', values.quiet_end ?? '']);
  const quietSelect = (name: 'quiet_start' | 'quiet_end') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={t(`fields.${name}`)}
          data={quietTimes}
          value={field.value}
          onChange={(v) => v && field.onChange(v)}
          allowDeselect={false}
          disabled={!values.quiet_hours}
          error={err(errors[name]?.message)}
          data-testid={`channel-${name}`}
        />
      )}
    />
  );
  return (
    <Fieldset legend={t('quiet_hours')}>
      <Stack gap="sm">
        <Controller
          control={control}
          name="quiet_hours"
          render={({ field }) => (
            <Switch
              label={t('fields.quiet_hours')}
              description={t('quiet_hours_hint')}
              checked={field.value === 1}
              onChange={(e) => field.onChange(e.currentTarget.checked ? 1 : 0)}
              data-testid="channel-quiet-hours"
            />
          )}
        />
        <SimpleGrid cols={2}>
          {quietSelect('quiet_start')}
          {quietSelect('quiet_end')}
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
