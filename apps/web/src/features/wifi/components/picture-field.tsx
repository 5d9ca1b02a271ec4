import { Button, FileButton, Group, Image, Text } from '@mantine/core';
import { isApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { useUploadWifiImage } from '../api/upload-image';

/** One picture of the page: chosen, uploaded (the server re-encodes it), shown small; or removed. */
export function PictureField(props: {
  label: string;
  channelId: number;
  value: { id: number; url: string } | null;
  onChange: (value: { id: number; url: string } | null) => void;
  testId: string;
}) {
  const { t } = useTranslation('wifi');
  const upload = useUploadWifiImage(props.channelId);
  const failed = upload.isError
    ? isApiError(upload.error) && (upload.error.code === 'E-413' || upload.error.code === 'E-415')
      ? upload.error.message
      : t('create.picture_failed')
    : null;
  return (
    <div>
      <Text size="sm" fw={500}>
        {props.label}
      </Text>
      <Group gap="sm" mt={4}>
        {props.value ? (
          <Image
            src={props.value.url}
            alt=""
            w={64}
            h={64}
            fit="cover"
            radius="sm"
            data-testid={`${props.testId}-shown`}
          />
        ) : null}
        <FileButton
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(file) =>
            file &&
            upload.mutate(file, {
              onSuccess: (r) => props.onChange({ id: r.image_id, url: r.image_url }),
            })
          }
        >
          {(p) => (
            <Button {...p} variant="default" loading={upload.isPending} data-testid={props.testId}>
              {props.value ? t('create.picture_change') : t('create.picture_choose')}
            </Button>
          )}
        </FileButton>
        {props.value ? (
          <Button variant="subtle" color="red" onClick={() => props.onChange(null)}>
            {t('create.picture_remove')}
          </Button>
        ) : null}
      </Group>
      {failed ? (
        <Text size="sm" c="red" role="alert">
          {failed}
        </Text>
      ) : null}
    </div>
  );
}
