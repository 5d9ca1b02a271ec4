import type { ChannelDto } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../../components/dialogs/lazy-dialog';
import type { PendingSwitch } from './use-channel-switch';

// Modal and its overlays load the first time a switch asks something, not with the layout.
const ConfirmDialog = lazyDialog(
  () => import('../../../components/dialogs/confirm-dialog').then((m) => m.ConfirmDialog),
  (props) => props.opened,
);

interface ChannelSwitchDialogsProps {
  pending: PendingSwitch | null;
  channels: ChannelDto[];
  onConfirm: () => void;
  onCancel: () => void;
}

/** §4: "discard unsaved text?" and "change channel?", one at a time. */
export function ChannelSwitchDialogs({ pending, channels, onConfirm, onCancel }: ChannelSwitchDialogsProps) {
  const { t } = useTranslation('channels');
  const name = channels.find((c) => c.channel_id === pending?.channelId)?.channel_name ?? '';
  const step = pending?.step ?? 'confirm';
  return (
    <ConfirmDialog
      opened={pending !== null}
      title={t(`switch.${step}_title`)}
      onConfirm={onConfirm}
      onCancel={onCancel}
      confirmLabel={t(`switch.${step}_ok`)}
    >
      {t(`switch.${step}_body`, { name })}
    </ConfirmDialog>
  );
}
