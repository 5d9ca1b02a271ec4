import { Anchor, Fieldset, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { CHANNEL_LIMITS } from '@qrqr/shared/channel-constants';
import { fieldErrorText } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';
import { LengthHint } from './length-hint';
import type { SettingsPartProps } from './settings-part';
import { mapLink } from './settings-values';

/** How to get there: the address, the route, the map position and a link to the map. */
export function AccessFields({ form, values }: SettingsPartProps) {
  const { t } = useTranslation('channel-settings');
  const { register, formState } = form;
  const errors = formState.errors;
  const err = (message: string | undefined) => fieldErrorText(t, message);
  const map = mapLink({
    address: values.address ?? '',
    latitude: values.latitude ?? '',
    longitude: values.longitude ?? '',
  });
  return (
    <Fieldset legend={t('access')}>
      <Stack gap="sm">
        <TextInput
          label={t('fields.address')}
          {...register('address')}
          error={err(errors.address?.message)}
          autoComplete="street-address"
        />
        <Textarea
          label={t('fields.description_route')}
          autosize
          minRows={2}
          {...register('description_route')}
          error={err(errors.description_route?.message)}
          description={<LengthHint value={values.description_route ?? ''} max={CHANNEL_LIMITS.routeMax} />}
        />
        <SimpleGrid cols={2}>
          <TextInput
            label={t('fields.latitude')}
            inputMode="decimal"
            placeholder="35.6812"
            {...register('latitude')}
            error={err(errors.latitude?.message)}
          />
          <TextInput
            label={t('fields.longitude')}
            inputMode="decimal"
            placeholder="139.7671"
            {...register('longitude')}
            error={err(errors.longitude?.message)}
          />
        </SimpleGrid>
        {map ? (
          <Anchor href={map} target="_blank" rel="noopener noreferrer" size="sm" data-testid="map-link">
            {t('open_map')}
          </Anchor>
        ) : (
          <span style={{ fontSize: 'var(--mantine-font-size-sm)' }}>{t('map_hint')}</span>
        )}
      </Stack>
    </Fieldset>
  );
}
