import { Stack } from '@mantine/core';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { useWatch } from '../../../lib/form';
import { AccessFields } from './access-fields';
import { BasicFields } from './basic-fields';
import { DescriptionFields } from './description-fields';
import { FrequencyCapFields } from './frequency-cap-fields';
import { QuietHoursFields } from './quiet-hours-fields';
import { RelationLinkFields } from './relation-link-fields';
import type { SettingsForm } from './settings-part';

/** Every channel field with its length limit, a fieldset for each part; the page owns the submit. */
export function SettingsFields({ form, channel }: { form: SettingsForm; channel: ChannelDto }) {
  const values = useWatch({ control: form.control });
  return (
    <Stack gap="lg">
      <BasicFields form={form} values={values} channel={channel} />
      <DescriptionFields form={form} values={values} />
      <AccessFields form={form} values={values} />
      <RelationLinkFields form={form} values={values} />
      <QuietHoursFields form={form} values={values} />
      <FrequencyCapFields form={form} values={values} />
    </Stack>
  );
}
