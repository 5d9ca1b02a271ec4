import { Box, Button, CopyButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { encodeQr, renderSvg } from '@qrqr/qr';
import { channelPath } from '@qrqr/shared/channel-paths';
import { TAG_LIMITS } from '@qrqr/shared/tag-limits';
import type { TagDto } from '@qrqr/shared/tag-schemas';
import { useEffect, useMemo } from 'react';
import { CodeFormatDownloads } from '../../../components/code-format-downloads';
import { FormAlert } from '../../../components/feedback/form-alert';
import { errorText } from '../../../lib/error-text';
import { useTranslation } from '../../../lib/use-translation';
import { useFollowLink } from '../api/get-follow-link';

interface FollowLinkPanelProps {
  channelId: number;
  /** The tags chosen in the list. */
  tags: TagDto[];
}

/**
 * The signed follow link for the chosen tags: whoever follows through it gets those tags
 * (e.g. one link on the counter POP, another on flyers). The link is made by the server; its QR
 * code is drawn here by the shared renderer and downloaded from the server like the channel's own.
 */
export function FollowLinkPanel({ channelId, tags }: FollowLinkPanelProps) {
  const { t } = useTranslation('tags');
  const link = useFollowLink(channelId);
  const ids = tags.map((tag) => tag.tag_id).join(',');
  const tooMany = tags.length > TAG_LIMITS.linkTagsMax;
  const { reset } = link;
  // Another choice of tags makes the shown link stale.
  // biome-ignore lint/correctness/useExhaustiveDependencies: ids is the choice that invalidates it.
  useEffect(() => reset(), [ids, reset]);
  const code = useMemo(
    () =>
      link.data
        ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSvg(encodeQr(link.data), { cellSize: 4, margin: 4 }))}`
        : null,
    [link.data],
  );

  return (
    <Paper withBorder p="md" radius="md" data-testid="follow-link-panel">
      <Stack gap="sm">
        <Text fw={700}>{t('link.title')}</Text>
        <Text size="sm" c="dimmed">
          {tags.length === 0
            ? t('link.choose')
            : t('link.chosen', { names: tags.map((x) => x.tag_name).join('、') })}
        </Text>
        {tooMany ? <FormAlert text={t('messages:validation.link_tags_too_many')} /> : null}
        {link.isError ? <FormAlert text={errorText(link.error, t)} /> : null}
        <Button
          variant="light"
          onClick={() => link.mutate(tags.map((tag) => tag.tag_id))}
          disabled={tags.length === 0 || tooMany}
          loading={link.isPending}
          style={{ alignSelf: 'flex-start' }}
          data-testid="make-follow-link"
        >
          {t('link.make')}
        </Button>
        {link.data ? (
          <Stack gap={6}>
            <TextInput
              readOnly
              value={link.data}
              label={t('link.url')}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="follow-link-url"
            />
            <CopyButton value={link.data}>
              {({ copied, copy }) => (
                <Button
                  onClick={copy}
                  variant="default"
                  aria-live="polite"
                  style={{ alignSelf: 'flex-start' }}
                  data-testid="copy-follow-link"
                >
                  {copied ? t('link.copied') : t('link.copy')}
                </Button>
              )}
            </CopyButton>
            <Group align="flex-start" gap="md" wrap="wrap" mt="xs">
              <Box
                component="img"
                src={code ?? undefined}
                alt={t('link.code_alt')}
                w={148}
                h={148}
                style={{ flex: 'none', imageRendering: 'pixelated' }}
                data-testid="follow-link-code"
              />
              <Stack gap="xs" style={{ minWidth: 0, flex: '1 1 12rem' }}>
                <Text size="sm">{t('link.code_lead')}</Text>
                <CodeFormatDownloads
                  fileOf={(format) => `${channelPath.tagLinkCode(channelId, format)}?tag_ids=${ids}`}
                />
              </Stack>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
