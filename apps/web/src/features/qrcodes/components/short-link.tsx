import { Button, CopyButton, Group, Text } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { UrlText } from '../../../components/url-text';
import { useTranslation } from '../../../lib/use-translation';

interface ShortLinkProps {
  code: Pick<QrCodeDto, 'redirect_url'>;
  /** 「短縮URL」 before the link, where nothing else names it (the list). */
  withLabel?: boolean;
  urlTestId?: string;
}

/**
 * The `{PUBLIC_URL}/r/{code}` a redirect code holds, with a copy button; nothing for other codes.
 * Plain text rather than a link: opening it from here would count as a read.
 */
export function ShortLink({ code, withLabel = false, urlTestId = 'short-link-url' }: ShortLinkProps) {
  const { t } = useTranslation('qrcode');
  if (!code.redirect_url) return null;
  // Wrapping: on a phone the address takes a line of its own rather than being squeezed between
  // the label and the button (it took three lines there).
  return (
    <Group gap={6} align="center" data-testid="short-link">
      {withLabel ? (
        <Text size="xs" c="dimmed" fw={600} style={{ flexShrink: 0 }}>
          {t('short_link.label')}
        </Text>
      ) : null}
      <Text size="sm" ff="monospace" data-testid={urlTestId} style={{ minWidth: 0, flex: '1 1 auto' }}>
        <UrlText>{code.redirect_url}</UrlText>
      </Text>
      <CopyButton value={code.redirect_url} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant="default"
            onClick={copy}
            aria-label={copied ? t('short_link.copied') : t('short_link.copy_label')}
            style={{ flexShrink: 0 }}
            data-testid="short-link-copy"
          >
            {copied ? t('short_link.copied') : t('short_link.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
