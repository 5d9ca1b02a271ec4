import { PictureChooser } from '../../../components/picture-chooser';
import { errorText } from '../../../lib/error-text';
import { useTranslation } from '../../../lib/use-translation';
import { useUploadMessageImage } from '../api/upload-message-image';

interface MessageImageFieldProps {
  channelId: number;
  /** The saved picture's address (`/api/image/…`), '' for none. */
  value: string;
  onChange: (url: string) => void;
  /** Why the chosen file cannot be used; the editor refuses to save while it shows. */
  error: string | null;
  onError: (error: string | null) => void;
  /** Told while a picture is being uploaded (saving waits for it). */
  onBusy: (busy: boolean) => void;
  readOnly?: boolean;
}

/**
 * The message picture: the file goes through the channel's message picture upload, whose address
 * the message keeps.
 */
export function MessageImageField(props: MessageImageFieldProps) {
  const { channelId, value, onChange, error, onError, onBusy, readOnly } = props;
  const { t } = useTranslation('channel-messages');
  const upload = useUploadMessageImage(channelId);

  const send = async (file: File) => {
    onBusy(true);
    try {
      const answer = await upload.mutateAsync(file);
      onError(null);
      onChange(answer.image_url);
    } catch (failure) {
      onError(errorText(failure, t));
    } finally {
      onBusy(false);
    }
  };

  return (
    <PictureChooser
      testId="message-image"
      texts={{
        label: t('edit.image'),
        alt: t('edit.image'),
        none: t('edit.image_none'),
        choose: t('edit.image_choose'),
        replace: t('edit.image_replace'),
        remove: t('edit.image_remove'),
        hint: t('edit.image_hint'),
      }}
      frame={{
        w: 240,
        h: 160,
        bd: '1px solid var(--mantine-color-gray-3)',
        style: { borderRadius: 'var(--mantine-radius-sm)', display: 'grid', placeItems: 'center' },
      }}
      value={value}
      error={error}
      onError={onError}
      onFile={send}
      onRemove={() => onChange('')}
      loading={upload.isPending}
      readOnly={readOnly}
    />
  );
}
