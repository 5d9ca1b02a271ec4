import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { encodeQr, renderSvg } from '@qrqr/qr';
import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { useMemo } from 'react';
import { CodeFormatDownloads } from '../../../components/code-format-downloads';
import { UrlText } from '../../../components/url-text';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The channel's own QR code (it holds the public page's URL), drawn by the same renderer as the
 * downloads; each download is a plain navigation to the server's file.
 */
export function ChannelCodeCard({ channel }: { channel: ChannelDto }) {
  const { t } = useTranslation('channels');
  // A data: URL, as the QR manager's preview: the Content-Security-Policy allows data: images.
  const src = useMemo(() => {
    const svg = renderSvg(encodeQr(channel.channel_page_url), { cellSize: 4, margin: 4 });
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  }, [channel.channel_page_url]);

  return (
    <Group align="flex-start" gap="lg" wrap="wrap" data-testid="channel-code">
      <Box
        component="img"
        src={src}
        alt={t('code.alt')}
        w={148}
        h={148}
        style={{ flex: 'none', imageRendering: 'pixelated' }}
        data-testid="channel-code-image"
      />
      {/* At least 12rem wide, else under the code: beside it at 375 px the page's address broke over 3 lines. */}
      <Stack gap="xs" style={{ minWidth: 0, flex: '1 1 12rem' }}>
        <Text size="sm">{t('code.lead')}</Text>
        <Anchor href={channel.channel_page_url} target="_blank" rel="noopener" size="sm">
          <UrlText>{channel.channel_page_url}</UrlText>
        </Anchor>
        <CodeFormatDownloads fileOf={(format) => channelPath.codeDownload(channel.channel_id, format)} />
      </Stack>
    </Group>
  );
}
