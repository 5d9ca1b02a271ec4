import { Fieldset, Stack, Switch, Text } from '@mantine/core';
import { FREQUENCY_CAP } from '@qrqr/shared/channel-constants';
import { useRef } from 'react';
import { NumberField } from '../../../components/number-field';
import { Controller } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';
import type { SettingsPartProps } from './settings-part';

/** What the box offers when the cap is turned on the first time. */
const SUGGESTED_CAP = 3;

/**
 * The frequency cap: on or off, and at most how many messages a follower gets in 24 h (1–10; the
 * shared schema's rule and message). Off is 0; typing 0 turns it off too.
 */
export function FrequencyCapFields({ form }: SettingsPartProps) {
  const { t } = useTranslation('channel-settings');
  const error = fieldErrorText(t, form.formState.errors.frequency_cap?.message);
  // The last number the box held, offered again when the cap is turned back on.
  const last = useRef<number>(SUGGESTED_CAP);
  return (
    <Fieldset legend={t('frequency_cap')}>
      <Controller
        control={form.control}
        name="frequency_cap"
        render={({ field }) => {
          const on = field.value !== FREQUENCY_CAP.off && field.value !== '0';
          if (typeof field.value === 'number' && field.value >= FREQUENCY_CAP.min) last.current = field.value;
          return (
            <Stack gap="sm">
              <Switch
                label={t('fields.frequency_cap_on')}
                description={t('frequency_cap_hint')}
                checked={on}
                onChange={(e) => field.onChange(e.currentTarget.checked ? last.current : FREQUENCY_CAP.off)}
                data-testid="channel-frequency-cap-on"
              />
              <NumberField
                label={t('fields.frequency_cap')}
                description={t('frequency_cap_range', { min: FREQUENCY_CAP.min, max: FREQUENCY_CAP.max })}
                // The box alone is narrow: its rule and error take the card's width, so at 375 px the
                // error stays on one line instead of breaking inside a word or 「1〜10」.
                styles={{ wrapper: { maxWidth: 220 } }}
                disabled={!on}
                value={on ? field.value : ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                rightSection={
                  <Text size="sm" c="dimmed" pr="xs">
                    {t('frequency_cap_unit')}
                  </Text>
                }
                rightSectionWidth={84}
                error={error}
                data-testid="channel-frequency-cap"
              />
            </Stack>
          );
        }}
      />
    </Fieldset>
  );
}
