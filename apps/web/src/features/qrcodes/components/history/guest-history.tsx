import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { paths, qrAnalyticsPath } from '@qrqr/shared/paths';
import { GUEST_HISTORY_DEFAULT_DAYS } from '@qrqr/shared/qr-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { Suspense, useState } from 'react';
import { RetryAlert } from '../../../../components/feedback/retry-alert';
import { Pager } from '../../../../components/pagination';
import { lazyWithTimeout } from '../../../../lib/lazy-with-timeout';
import { Link } from '../../../../lib/router';
import { useTranslation } from '../../../../lib/use-translation';
import { useQrcodes } from '../../api/get-qrcodes';
import { LazyDownloadDialog } from '../download/lazy-download-dialog';
import { CodeListSkeleton } from '../list/code-list-skeleton';

// A first visit has no codes yet: the list (and the QR renderer behind its images) loads with the first.
const CodeList = lazyWithTimeout(() => import('../list/code-list').then((m) => ({ default: m.CodeList })));

function WarningIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 3l10 18H2zM12 10v5M12 18h.01"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The sign-up variant that carries this browser's codes into the new account. */
const SIGNUP_WITH_HISTORY = `${paths.signup}?migrate=1`;

/**
 * A guest's codes, kept by cookie in this browser only (for a day by default): the warning says for
 * how long and what is lost with the cookies, and how registering keeps them.
 */
export function GuestHistory() {
  const { t } = useTranslation('qrcode');
  const [page, setPage] = useState(1);
  const history = useQrcodes({ page });
  const [downloading, setDownloading] = useState<QrCodeDto | null>(null);
  const data = history.data;
  const days = data?.history_days ?? GUEST_HISTORY_DEFAULT_DAYS;

  let content = <CodeListSkeleton />;
  if (history.isError) {
    content = <RetryAlert error={history.error} onRetry={() => void history.refetch()} />;
  } else if (data && data.qrcodes.length === 0) {
    content = (
      <Paper withBorder radius="md" p="lg" ta="center" data-testid="history-empty">
        <Text c="dimmed" size="sm">
          {t('history.empty')}
        </Text>
      </Paper>
    );
  } else if (data) {
    content = (
      <Stack gap="md">
        <Suspense fallback={<CodeListSkeleton />}>
          <CodeList
            codes={data.qrcodes}
            caption={t('history.title')}
            cardsOnly
            actions={(code) => (
              <>
                <Button
                  size="xs"
                  variant="default"
                  component={Link}
                  to={qrAnalyticsPath(code.id)}
                  data-testid="history-analytics"
                >
                  {t('list.action_analytics')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setDownloading(code)}
                  data-testid="history-download"
                >
                  {t('list.action_download')}
                </Button>
              </>
            )}
          />
        </Suspense>
        <Pager page={data.page} total={data.page_count} onChange={setPage} label={t('history.pager_label')} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="history-title" data-testid="guest-history">
      <Title order={2} fz="xl" id="history-title">
        {t('history.title')}
      </Title>
      <Alert
        variant="light"
        color="yellow"
        icon={<WarningIcon />}
        title={t('history.warning_title')}
        // Mantine's yellow title is below 4.5:1 on the light yellow; the icon carries the colour.
        styles={{
          title: { color: 'var(--mantine-color-gray-9)' },
          icon: { color: 'var(--mantine-color-yellow-9)' },
        }}
        data-testid="history-warning"
      >
        <Stack gap={6}>
          <Text size="sm">{t('history.warning_body', { count: days })}</Text>
          <Text size="sm">
            {t('history.warning_register')}{' '}
            <Anchor component={Link} to={SIGNUP_WITH_HISTORY} fw={700} data-testid="history-register">
              {t('history.register_link')}
            </Anchor>
          </Text>
        </Stack>
      </Alert>
      {content}
      <LazyDownloadDialog code={downloading} onClose={() => setDownloading(null)} />
    </Stack>
  );
}
