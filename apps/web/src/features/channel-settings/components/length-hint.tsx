import { nameLength } from '@qrqr/shared/name-text';
import { useTranslation } from '../../../lib/use-translation';

/** "12 / 54": characters as people count them, so 54 kanji fill a 54-character field. */
export function LengthHint({ value, max }: { value: string; max: number }) {
  const { t } = useTranslation('channel-settings');
  const count = nameLength(value ?? '');
  return (
    <span style={{ color: count > max ? 'var(--mantine-color-red-8)' : undefined }}>
      {t('length', { count, max })}
    </span>
  );
}
