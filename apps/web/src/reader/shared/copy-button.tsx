/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { useTranslation } from './i18n';

/** Copies a value and says so for two seconds. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('reader');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Older browsers: select-and-copy through a temporary field.
      const field = document.createElement('textarea');
      field.value = value;
      document.body.append(field);
      field.select();
      document.execCommand('copy');
      field.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button type="button" class="btn btn-small" onClick={copy} aria-label={`${t('result.copy')}: ${label}`}>
      <span aria-live="polite">{copied ? t('result.copied') : t('result.copy')}</span>
    </button>
  );
}
