/** @jsxImportSource preact */
import { useTranslation } from '../shared/i18n';

/**
 * The reader's actions, at the bottom within a thumb's reach on a phone: consent to send the
 * region with a read, the camera (start or stop) and a photo to read instead.
 */
export function ScanActions(props: {
  region: boolean;
  onRegion: (on: boolean) => void;
  cameraOn: boolean;
  busy: boolean;
  /** A result is shown: the camera button scans again. */
  again: boolean;
  onStart: () => void;
  onStop: () => void;
  onPhoto: (event: Event) => void;
}) {
  const { t } = useTranslation('reader');
  const { busy } = props;
  return (
    <div class="actions">
      <label class="consent">
        <input
          type="checkbox"
          checked={props.region}
          onChange={(e) => props.onRegion(e.currentTarget.checked)}
        />
        <span>{t('scan.region')}</span>
      </label>
      <div class="action-row">
        {props.cameraOn ? (
          <button type="button" class="btn btn-primary" onClick={props.onStop}>
            {t('scan.stop')}
          </button>
        ) : (
          <button
            type="button"
            class="btn btn-primary"
            onClick={props.onStart}
            disabled={busy}
            data-testid="scan-camera"
          >
            {props.again ? t('scan.again') : t('scan.camera')}
          </button>
        )}
        <label class={busy ? 'btn btn-secondary disabled' : 'btn btn-secondary'}>
          <input
            type="file"
            accept="image/*"
            class="visually-hidden"
            onChange={props.onPhoto}
            disabled={busy}
            data-testid="scan-photo"
          />
          {t('scan.photo')}
        </label>
      </div>
    </div>
  );
}
