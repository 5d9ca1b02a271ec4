import { Box } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useTranslation } from '../../../../lib/use-translation';
import { contentText } from '../code-labels';
import { QrImage } from '../qr-image';

/**
 * The code's image, or for a recipient without view (`content_hidden`) an empty square: the
 * image would show the content (a secret code's token) that permission guards.
 */
export function CodeThumb({ code, width }: { code: QrCodeDto; width: number }) {
  const { t } = useTranslation('qrcode');
  if (code.content_hidden)
    return (
      <Box
        w={width}
        h={width}
        bg="gray.1"
        bd="1px solid var(--mantine-color-gray-3)"
        style={{ borderRadius: 4, flexShrink: 0 }}
        role="img"
        aria-label={t('list.image_hidden')}
        data-testid="code-image-hidden"
      />
    );
  return (
    <QrImage bordered code={code} width={width} alt={t('list.image_alt', { content: contentText(code) })} />
  );
}
