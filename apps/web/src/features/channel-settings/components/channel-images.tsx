import { Alert, Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import type { ChannelImageKind } from '@qrqr/shared/channel-constants';
import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { IMAGE_LIMITS } from '@qrqr/shared/image-limits';
import { useState } from 'react';
import { CodedMessage } from '../../../components/feedback/coded-message';
import { isApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { useRemoveChannelImage, useUploadChannelImage } from '../api/channel-mutations';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** The icon and the background: chosen, sent at once (they are not part of the text form), removable. */
export function ChannelImages({ channel }: { channel: ChannelDto }) {
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <ImageSlot channel={channel} kind="icon" url={channel.icon_image_url} />
      <ImageSlot channel={channel} kind="background" url={channel.background_image_url} />
    </Group>
  );
}

function ImageSlot(props: { channel: ChannelDto; kind: ChannelImageKind; url: string | null }) {
  const { channel, kind, url } = props;
  const { t } = useTranslation('channel-settings');
  const upload = useUploadChannelImage(channel.channel_id);
  const remove = useRemoveChannelImage(channel.channel_id);
  const [error, setError] = useState<string | null>(null);
  // A picture takes effect at once, apart from the form's save button: say that it was saved.
  const [done, setDone] = useState<'saved' | 'removed' | null>(null);
  // The server names the problem in the reader's language (type, size, pixels).
  const show = (e: unknown) => setError(isApiError(e) ? `[${e.code}]${e.message}` : '[500]');
  const busy = upload.isPending || remove.isPending;
  const icon = kind === 'icon';

  return (
    <Stack gap={6} style={{ width: icon ? 160 : 'min(100%, 320px)' }} data-testid={`image-${kind}`}>
      <Text fw={600} size="sm">
        {t(`images.${kind}`)}
      </Text>
      <Box
        style={{
          width: icon ? 96 : '100%',
          aspectRatio: icon ? '1' : '16 / 9',
          borderRadius: icon ? '50%' : 8,
          overflow: 'hidden',
          background: 'var(--mantine-color-gray-1)',
          border: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        {url ? (
          <Image src={url} alt={t(`images.${kind}_alt`)} h="100%" w="100%" fit="cover" />
        ) : (
          <Text size="xs" c="dimmed" ta="center" pt={icon ? 36 : '20%'}>
            {t('images.none')}
          </Text>
        )}
      </Box>
      <Group gap="xs">
        <FileButton
          accept={ACCEPT}
          onChange={(file) => {
            if (!file) return;
            setError(null);
            setDone(null);
            upload.mutate({ kind, file }, { onError: show, onSuccess: () => setDone('saved') });
          }}
        >
          {(p) => (
            <Button {...p} size="xs" variant="light" loading={upload.isPending} disabled={busy}>
              {url ? t('images.replace') : t('images.choose')}
            </Button>
          )}
        </FileButton>
        {url ? (
          <Button
            size="xs"
            variant="default"
            loading={remove.isPending}
            disabled={busy}
            onClick={() => {
              setError(null);
              setDone(null);
              remove.mutate(kind, { onError: show, onSuccess: () => setDone('removed') });
            }}
          >
            {t('images.remove')}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {t('images.hint', { mb: IMAGE_LIMITS.maxUploadBytes / 1024 / 1024, px: IMAGE_LIMITS.maxSide })}
      </Text>
      <Text size="xs" c="teal.9" role="status" data-testid={`image-${kind}-done`}>
        {done ? t(`images.${done}`, { name: t(`images.${kind}`) }) : null}
      </Text>
      {error ? (
        <Alert color="red" variant="light" p="xs" role="alert">
          <CodedMessage text={error} />
        </Alert>
      ) : null}
    </Stack>
  );
}
