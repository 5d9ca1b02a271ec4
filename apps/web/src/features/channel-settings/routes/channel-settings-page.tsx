import { Button, Fieldset, Stack } from '@mantine/core';
import type { UpdateChannelBody } from '@qrqr/shared/channel-schemas';
import { useState } from 'react';
import { FormAlert } from '../../../components/feedback/form-alert';
import { type Resolver, useForm } from '../../../lib/form';
import { applyApiError } from '../../../lib/form-errors';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { ChannelPage, useCurrentChannel, useUnsavedText } from '../../channels';
import { useUpdateChannel } from '../api/channel-mutations';
import { ChannelCodeCard } from '../components/channel-code-card';
import { ChannelImages } from '../components/channel-images';
import { DeleteChannel } from '../components/delete-channel';
import { SettingsFields } from '../components/settings-form';
import { SETTINGS_FIELDS, type SettingsValues, settingsValues } from '../components/settings-values';

/** /qrchannel/channel/update: the channel's settings, pictures, own code and deletion. */
export function ChannelSettingsPage() {
  const { t } = useTranslation('channel-settings');
  const { channel } = useCurrentChannel();
  const update = useUpdateChannel(channel.channel_id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<SettingsValues, UpdateChannelBody>({
    // The server's schema reads the inputs' strings (numbers, empty = none) into the PUT body.
    resolver: lazyZodResolver(
      async () => (await import('../../../lib/form-schemas')).updateChannelBody,
    ) as unknown as Resolver<SettingsValues, UpdateChannelBody>,
    defaultValues: settingsValues(channel),
  });
  useUnsavedText(form.formState.isDirty);

  const onSubmit = form.handleSubmit((body) => {
    setAlert(null);
    update.mutate(body, {
      onSuccess: (saved) => {
        form.reset(settingsValues(saved));
        void notify({
          color: 'teal',
          message: t('saved'),
          closeButtonProps: { 'aria-label': t('common:close') },
        });
      },
      onError: (error) => {
        const text = applyApiError(error, { setError: form.setError, fields: SETTINGS_FIELDS, t });
        // A failed update says what to do next (edit the text and retry, else ask support), after the
        // server's [code]message.
        setAlert(text ? `${text} ${t('update_failed')}` : null);
      },
    });
  });

  return (
    <ChannelPage
      title={t('title')}
      data-testid="channel-settings"
      actions={
        <Button
          type="submit"
          form="channel-settings-form"
          loading={update.isPending}
          disabled={!form.formState.isDirty}
        >
          {t('save')}
        </Button>
      }
    >
      <Stack gap="lg" maw={760}>
        <Fieldset legend={t('images.title')}>
          <ChannelImages channel={channel} />
        </Fieldset>
        <form id="channel-settings-form" onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            <FormAlert text={alert} />
            <SettingsFields form={form} channel={channel} />
            <Button
              type="submit"
              loading={update.isPending}
              disabled={!form.formState.isDirty}
              style={{ alignSelf: 'flex-end' }}
            >
              {t('save')}
            </Button>
          </Stack>
        </form>
        <Fieldset legend={t('channels:code.title')}>
          <ChannelCodeCard channel={channel} />
        </Fieldset>
        <Fieldset legend={t('delete.section')}>
          <DeleteChannel channel={channel} />
        </Fieldset>
      </Stack>
    </ChannelPage>
  );
}
