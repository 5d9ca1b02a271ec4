import type { Ref } from 'react';
import { PictureChooser } from '../../../components/picture-chooser';
import { useTranslation } from '../../../lib/use-translation';
import classes from './coupons.module.css';

interface PictureInputProps {
  /** The picture shown: a data URL just chosen, or the saved picture's address; null for none. */
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  /** Why the chosen file cannot be used (the form refuses to save while it shows). */
  error: string | null;
  onError: (error: string | null) => void;
  /** The choose button, focused when saving is refused for the picture. */
  buttonRef?: Ref<HTMLButtonElement>;
  /** The chosen picture is still on its way (a form that uploads it at once: Wi-Fi pages). */
  busy?: boolean;
}

/**
 * The coupon's picture: the file is read into a data URL for the preview and the save call, which
 * sends it with the coupon.
 */
export function PictureInput({ value, onChange, error, onError, buttonRef, busy }: PictureInputProps) {
  const { t } = useTranslation('coupons');

  const read = (file: File) => {
    const reader = new FileReader();
    reader.onload = () => {
      onError(null);
      onChange(typeof reader.result === 'string' ? reader.result : null);
    };
    reader.onerror = () => onError(t('messages:errors.image_unreadable'));
    reader.readAsDataURL(file);
  };

  return (
    <PictureChooser
      testId="coupon-picture"
      texts={{
        label: t('create.fields.image'),
        alt: t('card.picture'),
        none: t('create.fields.image_none'),
        choose: t('create.fields.image_choose'),
        replace: t('create.fields.image_replace'),
        remove: t('create.fields.image_remove'),
        hint: t('create.fields.image_hint'),
      }}
      frame={{ className: classes.pictureBox }}
      value={value}
      error={error}
      onError={onError}
      onFile={read}
      onRemove={() => onChange(null)}
      buttonRef={buttonRef}
      loading={busy}
      removeDisabled={busy}
    />
  );
}
