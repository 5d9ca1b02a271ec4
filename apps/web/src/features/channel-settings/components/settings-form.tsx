import {
  ActionIcon,
  Anchor,
  Button,
  Fieldset,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { CHANNEL_LIMITS, type ChannelDto, type UpdateChannelBody, withDefaultScheme } from '@qrqr/shared';
import type { UseFormReturn } from 'react-hook-form';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../lib/form-errors';
import { useIndustries } from '../api/industries';
import { LengthHint } from './length-hint';
import { mapLink, quietTimeOptions, type SettingsValues } from './settings-values';

export type SettingsForm = UseFormReturn<SettingsValues, unknown, UpdateChannelBody>;

/** Every Channel field of §3 with its §5 limit; the page owns the submit. */
export function SettingsFields({ form, channel }: { form: SettingsForm; channel: ChannelDto }) {
  const { t } = useTranslation('channel-settings');
  const { register, control, formState } = form;
  const errors = formState.errors;
  const err = (message: string | undefined) => fieldErrorText(t, message);
  const values = useWatch({ control });
  const links = useFieldArray({ control, name: 'relation_links' });
  const industries = useIndustries();
  const parent = industries.data?.find((i) => String(i.id) === values.industory_id);
  // The same note as the QR form: a scheme-less address is saved with https://.
  const schemeNote = (typed: string | undefined) => {
    const value = (typed ?? '').trim();
    const saved = withDefaultScheme(value);
    return saved !== value ? t('link_url_saved_as', { url: saved }) : undefined;
  };
  const map = mapLink({
    address: values.address ?? '',
    latitude: values.latitude ?? '',
    longitude: values.longitude ?? '',
  });

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
    <Stack gap="lg">
      <Fieldset legend={t('basic')}>
        <Stack gap="sm">
          <TextInput
            label={t('fields.channel_name')}
            required
            {...register('channel_name')}
            error={err(errors.channel_name?.message)}
            description={<LengthHint value={values.channel_name ?? ''} max={CHANNEL_LIMITS.nameMax} />}
          />
          <Controller
            control={control}
            name="channel_user_type"
            render={({ field }) => (
              <Radio.Group
                label={t('fields.channel_user_type')}
                value={field.value}
                onChange={field.onChange}
                error={err(errors.channel_user_type?.message)}
              >
                <Group gap="lg" mt={4}>
                  <Radio value="1" label={t('user_type.individual')} />
                  <Radio value="2" label={t('user_type.company')} />
                </Group>
              </Radio.Group>
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={control}
              name="industory_id"
              render={({ field }) => (
                <Select
                  label={t('fields.industry')}
                  placeholder={industries.isPending ? t('loading') : t('choose')}
                  data={(industries.data ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
                  value={field.value || null}
                  onChange={(v) => {
                    field.onChange(v ?? '');
                    form.setValue('sub_industory_id', '', { shouldDirty: true });
                  }}
                  clearable
                  error={err(errors.industory_id?.message)}
                />
              )}
            />
            <Controller
              control={control}
              name="sub_industory_id"
              render={({ field }) => (
                <Select
                  label={t('fields.sub_industry')}
                  placeholder={t('choose')}
                  data={(parent?.sub_industories ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  disabled={!parent}
                  clearable
                  error={err(errors.sub_industory_id?.message)}
                />
              )}
            />
          </SimpleGrid>
          <Text size="sm">
            <Text span fw={600} size="sm">
              {t('fields.official')}:{' '}
            </Text>
            <span data-testid="official-state">
              {channel.is_official ? t('official.yes') : t('official.no')}
            </span>
          </Text>
        </Stack>
      </Fieldset>

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

      <Fieldset legend={t('links')}>
        <Stack gap="sm">
          {links.fields.map((link, index) => (
            <Group key={link.id} align="flex-start" gap="xs" wrap="nowrap" data-testid="relation-link">
              <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }} spacing="xs">
                <TextInput
                  aria-label={t('fields.link_text', { n: index + 1 })}
                  placeholder={t('fields.link_text_placeholder')}
                  {...register(`relation_links.${index}.text`)}
                  error={err(errors.relation_links?.[index]?.text?.message)}
                />
                <TextInput
                  aria-label={t('fields.link_url', { n: index + 1 })}
                  placeholder="https://"
                  inputMode="url"
                  {...register(`relation_links.${index}.url`)}
                  error={err(errors.relation_links?.[index]?.url?.message)}
                  description={schemeNote(values.relation_links?.[index]?.url)}
                />
              </SimpleGrid>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mt={2}
                onClick={() => links.remove(index)}
                aria-label={t('remove_link', { n: index + 1 })}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          {errors.relation_links?.message ? (
            <span style={{ color: 'var(--mantine-color-red-8)' }}>{err(errors.relation_links.message)}</span>
          ) : null}
          <Group>
            <Button
              variant="light"
              size="xs"
              onClick={() => links.append({ text: '', url: '' })}
              disabled={links.fields.length >= CHANNEL_LIMITS.relationLinksMax}
            >
              {t('add_link')}
            </Button>
          </Group>
        </Stack>
      </Fieldset>

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
    </Stack>
  );
}
