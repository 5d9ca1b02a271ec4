import { Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { DESIGN_LIMITS } from '@qrqr/shared/qr-design-constants';
import type { LogoPictureDto } from '@qrqr/shared/qr-design-schemas';
import { useState } from 'react';
import { errorText } from '../../../../lib/error-text';
import { useTranslation } from '../../../../lib/use-translation';
import { useLogoPictures } from '../../api/logo-pictures';
import { DeleteLogoDialog } from './delete-logo-dialog';

interface LogoPicturesProps {
  /** The address of the picture the design's logo is now, if one of these. */
  chosen: string | null;
  onChoose: (imageUrl: string) => void;
  /** A picture deleted: the design lets go of it when it was the logo. */
  onDeleted: (imageUrl: string) => void;
}

/**
 * The member's own pictures: each one a choice of logo, each with its delete (confirmed first; a
 * picture saved codes still draw is refused with how many, so a printed code keeps its logo).
 */
export function LogoPictures({ chosen, onChoose, onDeleted }: LogoPicturesProps) {
  const { t } = useTranslation('qrdesign');
  const pictures = useLogoPictures(true);
  const [deleting, setDeleting] = useState<LogoPictureDto | null>(null);

  if (pictures.isPending) return <Loader size="xs" aria-label={t('common:loading')} />;
  if (pictures.isError)
    return (
      <Text size="sm" c="red.9" role="alert">
        {errorText(pictures.error, t)}
      </Text>
    );
  if (pictures.data.length === 0) return null;

  return (
    <Stack gap={6} data-testid="logo-pictures">
      <div>
        <Text size="sm" fw={500}>
          {t('design.logo_pictures', { n: pictures.data.length, max: DESIGN_LIMITS.logoPicturesMax })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('design.logo_pictures_hint')}
        </Text>
      </div>
      <Group gap="xs">
        {pictures.data.map((picture, index) => {
          const on = picture.image_url === chosen;
          return (
            <Stack key={picture.id} gap={2} align="center" data-testid="logo-picture">
              <UnstyledButton
                onClick={() => onChoose(picture.image_url)}
                aria-pressed={on}
                aria-label={t('design.logo_picture_use', { n: index + 1 })}
                style={{
                  padding: 2,
                  borderRadius: 6,
                  border: `2px solid ${on ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-4)'}`,
                }}
              >
                <img
                  src={picture.image_url}
                  alt=""
                  width={48}
                  height={48}
                  style={{ display: 'block', objectFit: 'contain' }}
                />
              </UnstyledButton>
              {/* 26 px high: a finger's target on a phone, under a 52 px picture. */}
              <Button
                size="compact-sm"
                fz="xs"
                variant="subtle"
                color="red"
                c="red.9"
                onClick={() => setDeleting(picture)}
                aria-label={t('design.logo_picture_delete_label', { n: index + 1 })}
                data-testid="logo-picture-delete"
              >
                {t('design.logo_picture_delete')}
              </Button>
            </Stack>
          );
        })}
      </Group>
      <DeleteLogoDialog
        picture={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(picture) => onDeleted(picture.image_url)}
      />
    </Stack>
  );
}
