import { NativeSelect } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { useChannelArea } from './channel-area';

/**
 * The channel switcher. A native select: light, and the phone's own picker on phones. While a
 * confirmation is open it shows the channel asked for; cancel puts the current one back.
 */
export function ChannelSwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation('channels');
  const { channels, channel, pendingChannelId, requestSwitch } = useChannelArea();
  if (!channel) return null;
  const value = String(pendingChannelId ?? channel.channel_id);
  return (
    <NativeSelect
      // In the header bar the select speaks for itself; in the phone panel it gets a visible label.
      label={fullWidth ? t('switcher.label') : undefined}
      aria-label={fullWidth ? undefined : t('switcher.label')}
      value={value}
      onChange={(event) => requestSwitch(Number(event.currentTarget.value))}
      data={channels.map((c) => ({ value: String(c.channel_id), label: c.channel_name }))}
      w={fullWidth ? '100%' : 220}
      size="sm"
      data-testid="channel-switcher"
    />
  );
}
