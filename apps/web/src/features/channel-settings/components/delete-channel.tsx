import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { normalizeName } from '@qrqr/shared/name-text';
import { paths } from '@qrqr/shared/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { channelKeys } from '../../../lib/channel-keys';
import { errorText } from '../../../lib/error-text';
import { useTranslation } from '../../../lib/use-translation';
import { useLeaveSaved } from '../../channels';
import { useDeleteChannel } from '../api/channel-mutations';

type Step = 'closed' | 'type-name' | 'confirm' | 'done';

/**
 * Channel deletion: type the channel's name, then a final confirmation; deletion is immediate
 * and irreversible, and a completion dialog leads back to the top page.
 */
export function DeleteChannel({ channel }: { channel: ChannelDto }) {
  const { t } = useTranslation('channel-settings');
  // The settings form may hold unsaved text: with the channel gone there is nothing to keep.
  const leaveSaved = useLeaveSaved();
  const queryClient = useQueryClient();
  const remove = useDeleteChannel(channel.channel_id);
  const [step, setStep] = useState<Step>('closed');
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const matches = normalizeName(typed) === channel.channel_name;

  const close = () => {
    setStep('closed');
    setTyped('');
    setFailure(null);
  };

  const finish = async () => {
    // Only now does the layout learn the channel is gone: the completion dialog stays until here.
    // The list is refetched once the layout has gone (leaveSaved): seen by the layout, a list
    // without channels would send the member to channel creation.
    await leaveSaved(paths.home);
    void queryClient.invalidateQueries({ queryKey: channelKeys.list });
    // Nothing of the deleted channel is asked again: its cached answers go.
    queryClient.removeQueries({ queryKey: channelKeys.all(channel.channel_id) });
  };

  return (
    <>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('delete.lead')}</Text>
        <Button
          color="red.9"
          variant="outline"
          onClick={() => setStep('type-name')}
          data-testid="delete-channel"
        >
          {t('delete.open')}
        </Button>
      </Stack>

      <Modal opened={step === 'type-name'} onClose={close} title={t('delete.title')} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (matches) setStep('confirm');
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('delete.type_name', { name: channel.channel_name })}</Text>
            <TextInput
              label={t('delete.name_label')}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              data-autofocus
              data-testid="delete-name-input"
              error={typed && !matches ? t('delete.name_mismatch') : undefined}
            />
            {/* The default dialog labels: every question can be left with キャンセル. */}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} data-testid="delete-cancel">
                {t('common:cancel')}
              </Button>
              <Button type="submit" color="red.9" disabled={!matches} data-testid="delete-next">
                {t('delete.next')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <ConfirmDialog
        opened={step === 'confirm'}
        title={t('delete.final_title')}
        danger
        confirmLabel={t('delete.confirm')}
        loading={remove.isPending}
        onCancel={close}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => setStep('done'),
            onError: (e) => setFailure(errorText(e, t)),
          })
        }
      >
        <Stack gap="xs">
          <Text>{t('delete.final_text', { name: channel.channel_name })}</Text>
          {failure ? (
            <Text c="red.8" role="alert">
              {failure} {t('delete.failed')}
            </Text>
          ) : null}
        </Stack>
      </ConfirmDialog>

      <Modal
        opened={step === 'done'}
        onClose={finish}
        title={t('delete.done_title')}
        centered
        withCloseButton={false}
      >
        <Stack gap="md">
          <Text>{t('delete.done_text', { name: channel.channel_name })}</Text>
          <Button onClick={finish} data-testid="delete-done">
            {t('delete.to_top')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
