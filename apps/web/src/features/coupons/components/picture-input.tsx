import { Button, FileInput, Group, Image, Stack } from '@mantine/core';
import { IMAGE_LIMITS } from '@qrqr/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PictureInputProps {
  value: string | null;
  onChange: (dataUrl: string | null) => void;
}

const ACCEPTED = IMAGE_LIMITS.accept.split(',');

/**
 * The coupon's picture, read into a data URL for the preview and the save call. Size and type are
 * checked here for a quick answer; the server sniffs the bytes and decides.
 */
export function PictureInput({ value, onChange }: PictureInputProps) {
  const { t } = useTranslation('coupons');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = (next: File | null) => {
    setError(null);
    setFile(next);
    if (!next) {
      onChange(null);
      return;
    }
    if (!ACCEPTED.includes(next.type)) {
      setError(t('messages:errors.image_type'));
      onChange(null);
      return;
    }
    if (next.size > IMAGE_LIMITS.maxUploadBytes) {
      setError(t('messages:errors.image_too_big'));
      onChange(null);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => onChange(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => setError(t('messages:errors.image_unreadable'));
    reader.readAsDataURL(next);
  };

  return (
    <Stack gap="xs">
      <FileInput
        label={t('create.fields.image')}
        description={t('create.fields.image_hint')}
        accept={IMAGE_LIMITS.accept}
        value={file}
        onChange={choose}
        clearable
        clearButtonProps={{ 'aria-label': t('create.fields.image_remove') }}
        error={error}
        data-testid="coupon-picture"
      />
      {value ? (
        <Group gap="sm" align="flex-end">
          <Image src={value} alt="" h={72} w="auto" radius="sm" fit="contain" />
          <Button variant="subtle" size="compact-sm" onClick={() => choose(null)}>
            {t('create.fields.image_remove')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
