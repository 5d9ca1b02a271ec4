import { Fieldset, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { CHANNEL_LIMITS } from '@qrqr/shared/channel-constants';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { Controller } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/use-translation';
import { useIndustries } from '../api/industries';
import { LengthHint } from './length-hint';
import type { SettingsPartProps } from './settings-part';

/** The channel's name, kind (individual or company), industry and sub-industry, and official state. */
export function BasicFields({ form, values, channel }: SettingsPartProps & { channel: ChannelDto }) {
  const { t } = useTranslation('channel-settings');
  const { register, control, formState } = form;
  const errors = formState.errors;
  const err = (message: string | undefined) => fieldErrorText(t, message);
  const industries = useIndustries();
  const parent = industries.data?.find((i) => String(i.id) === values.industory_id);
  return (
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
  );
}
