import { Button } from '@mantine/core';
import { currentLocale, switchLanguage } from '../../lib/language';
import { useTranslation } from '../../lib/use-translation';

function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
    </svg>
  );
}

/**
 * Toggles between Japanese and English. The label names the other language in that language
 * ("English" / "日本語"), the way visitors look for it.
 */
export function LangSwitch() {
  const { t } = useTranslation('common');
  const target = currentLocale() === 'ja' ? 'en' : 'ja';
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<GlobeIcon />}
      onClick={() => void switchLanguage(target)}
      data-testid="lang-switch"
      lang={target}
      title={t('lang.switch_title')}
    >
      {t('lang.switch_to')}
    </Button>
  );
}
