import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { useState } from 'react';
import { lazyDialog } from '../../../components/dialogs/lazy-dialog';
import { useTranslation } from '../../../lib/use-translation';
import type { PendingSwitch } from './use-channel-switch';
import type { LeaveQuestion } from './use-leave-guard';

// Modal and its overlays load the first time a change asks something, not with the layout.
const ConfirmDialog = lazyDialog(
  () => import('../../../components/dialogs/confirm-dialog').then((m) => m.ConfirmDialog),
  (props) => props.opened,
);

interface ChangeDialogProps {
  switching: { pending: PendingSwitch | null; confirm: () => void; cancel: () => void };
  leaving: LeaveQuestion;
  channels: ChannelDto[];
}

/**
 * The layout's one question before a change: "discard unsaved text?" and "change channel?"
 * for a channel switch, one at a time, and "discard unsaved text?" before leaving the screen.
 */
export function ChangeDialog({ switching, leaving, channels }: ChangeDialogProps) {
  const { t } = useTranslation('channels');
  const { pending } = switching;
  const opened = leaving.asking || pending !== null;
  const asked = {
    step: leaving.asking ? 'leave' : (pending?.step ?? 'confirm'),
    name: channels.find((c) => c.channel_id === pending?.channelId)?.channel_name ?? '',
  };
  // The question as last asked: once answered it fades out with its own words (the leave
  // question turned into the switch's while it faded after 「OK」).
  const [shown, setShown] = useState(asked);
  if (opened && (shown.step !== asked.step || shown.name !== asked.name)) setShown(asked);
  const { step, name } = opened ? asked : shown;
  return (
    <ConfirmDialog
      opened={opened}
      title={t(`switch.${step}_title`)}
      onConfirm={leaving.asking ? leaving.leave : switching.confirm}
      onCancel={leaving.asking ? leaving.stay : switching.cancel}
      confirmLabel={t(`switch.${step}_ok`)}
    >
      {t(`switch.${step}_body`, { name })}
    </ConfirmDialog>
  );
}
