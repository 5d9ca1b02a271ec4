import { NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { CHANNEL_LIMITS, CHANNEL_USER_TYPES } from '@qrqr/shared/channel-constants';
import type { CreateChannelBody, IndustryDto } from '@qrqr/shared/channel-schemas';
import { nameLength } from '@qrqr/shared/name-text';
import { Controller, type UseFormReturn, useWatch } from '../../../../lib/form';
import { fieldErrorText } from '../../../../lib/form-errors';
import { useTranslation } from '../../../../lib/use-translation';
import type { CreateValues } from './create-values';

interface CreateFieldsProps {
  form: UseFormReturn<CreateValues, CreateChannelBody>;
  industries: IndustryDto[];
}

/** Step 1, the input (step 2 confirms): name, individual or company, industry and sub-industry. */
export function CreateFields({ form, industries }: CreateFieldsProps) {
  const { t } = useTranslation('channels');
  const { errors } = form.formState;
  const error = (message: string | undefined) => fieldErrorText(t, message);
  const [name = '', industryId = ''] = useWatch({
    control: form.control,
    name: ['channel_name', 'industory_id'],
  });
  const subs = industries.find((i) => String(i.id) === industryId)?.sub_industories ?? [];
  const count = nameLength(name);

  return (
    <Stack gap="md">
      <TextInput
        {...form.register('channel_name')}
        label={t('create.name')}
        description={t('create.name_hint')}
        withAsterisk
        error={error(errors.channel_name?.message)}
        autoComplete="organization"
        data-testid="channel-name"
        rightSectionWidth={64}
        rightSection={
          <Text
            size="xs"
            c={count > CHANNEL_LIMITS.nameMax ? 'red.8' : 'dimmed'}
            aria-hidden="true"
            data-testid="channel-name-count"
          >
            {count}/{CHANNEL_LIMITS.nameMax}
          </Text>
        }
      />
      <Controller
        control={form.control}
        name="channel_user_type"
        render={({ field }) => (
          <Radio.Group
            {...field}
            label={t('create.user_type')}
            withAsterisk
            error={error(errors.channel_user_type?.message)}
          >
            <Stack gap="xs" mt={6}>
              <Radio
                value={String(CHANNEL_USER_TYPES.individual)}
                label={t('create.individual')}
                data-testid="user-type-individual"
              />
              <Radio
                value={String(CHANNEL_USER_TYPES.company)}
                label={t('create.company')}
                data-testid="user-type-company"
              />
            </Stack>
          </Radio.Group>
        )}
      />
      <NativeSelect
        {...form.register('industory_id', {
          // A sub-industry belongs to its industry: choosing another clears it.
          onChange: () => form.setValue('sub_industory_id', ''),
        })}
        label={t('create.industry')}
        description={t('create.optional')}
        error={error(errors.industory_id?.message)}
        data={[
          { value: '', label: t('create.choose') },
          ...industries.map((i) => ({ value: String(i.id), label: i.name })),
        ]}
        data-testid="industry"
      />
      <NativeSelect
        {...form.register('sub_industory_id')}
        label={t('create.sub_industry')}
        description={t('create.optional')}
        error={error(errors.sub_industory_id?.message)}
        disabled={subs.length === 0}
        data={[
          { value: '', label: t('create.choose') },
          ...subs.map((s) => ({ value: String(s.id), label: s.name })),
        ]}
        data-testid="sub-industry"
      />
    </Stack>
  );
}
