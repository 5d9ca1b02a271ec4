import { Alert, Anchor, Box, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { paths } from '@qrqr/shared/paths';
import { CodeFormatDownloads } from '../../../../components/code-format-downloads';
import { Link } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/use-translation';
import { useChannelArea } from '../../layout/channel-area';

/** What to do next with a new channel, in the order a shop usually goes, ending with a message. */
const NEXT_STEPS: Array<{ key: string; to: string }> = [
  { key: 'settings', to: paths.channelUpdate },
  { key: 'tags', to: paths.channelTagList },
  { key: 'sendlists', to: paths.channelSendlistList },
  { key: 'coupons', to: paths.channelCouponList },
  { key: 'messages', to: paths.channelMessageCreate },
];

/**
 * After the create call: the channel is confirmed with its QR code (downloads), a way into its
 * settings and a checklist of next steps, so the owner is never left on an empty screen.
 */
export function CreatedChannel({ channel }: { channel: ChannelDto }) {
  const { t } = useTranslation('channels');
  const { href } = useChannelArea();
  return (
    <Stack gap="lg" data-testid="channel-created">
      {/* The page title says it was created; the note says what the channel is for. */}
      <Alert color="teal" role="status">
        {t('created.text', { name: channel.channel_name })}
      </Alert>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('code.title')}
        </Title>
        {/* The server's PNG (channel_qrcode_url): the settings' live renderer stays in its own screen. */}
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Box
            component="img"
            src={channel.channel_qrcode_url}
            alt={t('code.alt')}
            w={148}
            h={148}
            style={{ flex: 'none' }}
            data-testid="channel-code-image"
          />
          <Stack gap="xs" style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm">{t('code.lead')}</Text>
            <CodeFormatDownloads fileOf={(format) => channelPath.codeDownload(channel.channel_id, format)} />
          </Stack>
        </Group>
      </Stack>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('created.next_title')}
        </Title>
        <List type="ordered" spacing="xs" data-testid="created-next-steps">
          {NEXT_STEPS.map((step) => (
            <List.Item key={step.key}>
              <Anchor component={Link} to={href(step.to)} data-testid={`created-next-${step.key}`}>
                {t(`created.next.${step.key}`)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t(`created.next_help.${step.key}`)}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
      <Group gap="sm">
        <Button component={Link} to={href(paths.channelUpdate)} data-testid="created-settings">
          {t('created.to_settings')}
        </Button>
        <Button component={Link} to={href(paths.channelHome)} variant="default">
          {t('created.to_home')}
        </Button>
      </Group>
    </Stack>
  );
}
