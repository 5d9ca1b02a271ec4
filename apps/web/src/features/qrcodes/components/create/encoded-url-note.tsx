import { Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/use-translation';

/** Says what a URL typed without a scheme becomes, so nobody is surprised by `https://` in the code. */
export function EncodedUrlNote({ url }: { url: string }) {
  const { t } = useTranslation('qrcode');
  return (
    <Text component="span" size="sm" display="block" data-testid="encoded-url" aria-live="polite">
      {t('form.encoded_url')}{' '}
      <Text component="span" size="sm" fw={700} data-testid="encoded-url-value">
        {url}
      </Text>
    </Text>
  );
}
