import { Badge, Group, Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import { useChannelArea } from './channel-area';
import classes from './channel-layout.module.css';
import { ChannelSwitcher } from './channel-switcher';
import { useLayoutPanels } from './layout-panels';
import { ViewModeToggle } from './view-mode-toggle';

/** Phone layout: the current channel, the switcher, the view toggle and the add-channel button. */
export function ChannelInfoPanel({ id }: { id: string }) {
  const { t } = useTranslation('channels');
  const { channel, href } = useChannelArea();
  const { close } = useLayoutPanels();
  if (!channel) return null;
  return (
    <section id={id} className={classes.panel} aria-label={t('header.channel_panel')}>
      <Stack gap="sm" px="md">
        <Group gap="xs">
          <Text fw={700} className={classes.wrapAnywhere}>
            {channel.channel_name}
          </Text>
          {channel.is_official ? <Badge size="sm">{t('official')}</Badge> : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('header.created_at', { date: formatDate(channel.created_at) })}
        </Text>
        <ChannelSwitcher fullWidth />
        <ViewModeToggle />
        <ButtonLink href={href(paths.channelCreate)} variant="light" onClick={close}>
          {t('sidebar.add_channel')}
        </ButtonLink>
      </Stack>
    </section>
  );
}
