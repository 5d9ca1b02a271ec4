import { Button, FileButton, Stack, Text } from '@mantine/core';
import { IMAGE_LIMITS } from '@qrqr/shared/image-limits';
import { DESIGN_LIMITS } from '@qrqr/shared/qr-design-constants';
import { useRef, useState } from 'react';
import { errorText } from '../../../../lib/error-text';
import { useTranslation } from '../../../../lib/use-translation';
import { atPictureLimit, useUploadLogoPicture } from '../../api/logo-picture';

const ACCEPTED = IMAGE_LIMITS.accept.split(',');

/**
 * A picture of the member's own as the logo, with or without a channel: checked here for a quick
 * answer (type and size), sniffed and re-encoded by the server, then named by its address.
 */
export function LogoUpload({ onUploaded }: { onUploaded: (imageUrl: string) => void }) {
  const { t } = useTranslation('qrdesign');
  const upload = useUploadLogoPicture();
  const [refusal, setRefusal] = useState<string | null>(null);
  // Cleared after each choice, so choosing the same file again is seen.
  const reset = useRef<() => void>(null);

  const choose = (file: File | null) => {
    reset.current?.();
    setRefusal(null);
    upload.reset();
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) setRefusal(t('messages:errors.image_type'));
    else if (file.size > IMAGE_LIMITS.maxUploadBytes) setRefusal(t('messages:errors.image_too_big'));
    else upload.mutate(file, { onSuccess: (picture) => onUploaded(picture.image_url) });
  };
  // At the limit, the refusal says how to make room: delete a picture below.
  const failure = upload.error
    ? atPictureLimit(upload.error)
      ? t('design.logo_limit', { max: DESIGN_LIMITS.logoPicturesMax })
      : errorText(upload.error, t)
    : null;
  const problem = refusal ?? failure;

  return (
    <Stack gap={4}>
      <FileButton accept={IMAGE_LIMITS.accept} onChange={choose} resetRef={reset}>
        {(button) => (
          <Button
            {...button}
            size="xs"
            variant="light"
            loading={upload.isPending}
            data-testid="design-logo-upload"
          >
            {t('design.logo_upload')}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {t('design.logo_upload_hint', { mb: IMAGE_LIMITS.maxUploadBytes / 1024 / 1024 })}
      </Text>
      {problem ? (
        <Text size="sm" c="red.9" role="alert" data-testid="design-logo-upload-error">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
