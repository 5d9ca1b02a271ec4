import { Text } from '@mantine/core';
import { useSearchParams } from '../../lib/router';
import { useTranslation } from '../../lib/use-translation';
import { ErrorScreen } from './components/error-screen';

// Statuses with their own wording; any other status gets the generic text.
const KNOWN = ['400', '401', '403', '404', '429', '500', '503'] as const;
type Known = (typeof KNOWN)[number];

function isKnown(status: string): status is Known {
  return (KNOWN as readonly string[]).includes(status);
}

/** `/error/http?status=NNN`: where the server sends a browser after an HTTP error. */
export function HttpErrorPage() {
  const { t } = useTranslation('errors');
  const [search] = useSearchParams();
  const raw = search.get('status') ?? '';
  const status = /^[1-5]\d\d$/.test(raw) ? raw : '';
  const body = isKnown(status) ? t(`http.${status}`) : t('http.other');
  return (
    <ErrorScreen
      badge={status || undefined}
      title={status ? t('http.title', { status }) : t('http.title_plain')}
    >
      <Text>{body}</Text>
    </ErrorScreen>
  );
}
