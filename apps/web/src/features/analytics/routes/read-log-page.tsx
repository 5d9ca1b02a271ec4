import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AnalyticsData } from '@qrqr/shared/analytics-schemas';
import { paths } from '@qrqr/shared/paths';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import type { ReactNode } from 'react';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { Link, useParams } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';
import { readLogKey, useReadLog } from '../api/get-read-log';
import { CodeSummary } from '../components/code-summary';
import { ReadLogFigures } from '../components/read-log-figures';
import { ReadLogSkeleton } from '../components/read-log-skeleton';

/** What the panels composed under the figures receive. */
export interface ReadLogPanelProps {
  code: QrCodeDto;
  log: AnalyticsData;
  isGuest: boolean;
  /** The query key to invalidate after changing the code, so the page shows the change. */
  readLogKey: readonly unknown[];
}

interface ReadLogPageProps {
  /** Settings of the code (analysis switch, Wi-Fi profile), composed by the route. */
  settings?: (props: ReadLogPanelProps) => ReactNode;
  /** Who else sees this log (the sharing feature), composed by the route. */
  sharePanel?: (props: ReadLogPanelProps) => ReactNode;
}

/**
 * The read log of one code (/qrcode/analytics/{id}): the owner's, a guest's own (history cookie),
 * or a share recipient's. Anyone else gets the not-found panel (the API answers 404).
 */
export function ReadLogPage({ settings, sharePanel }: ReadLogPageProps) {
  const { t } = useTranslation('readlog');
  useDocumentTitle(t('page_title'));
  const { id = '' } = useParams();
  const { params } = useSession();
  const log = useReadLog(id);
  const back = params.isGuest ? paths.home : paths.qrList;

  let content = <ReadLogSkeleton />;
  if (log.isError) {
    content =
      isApiError(log.error) && log.error.httpStatus === 404 ? (
        <Paper withBorder radius="md" p="lg" data-testid="readlog-not-found">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('not_found_title')}
            </Title>
            <Text size="sm">{t('not_found_body')}</Text>
          </Stack>
        </Paper>
      ) : (
        <RetryAlert error={log.error} onRetry={() => void log.refetch()} />
      );
  } else if (log.data) {
    const panel: ReadLogPanelProps = {
      code: log.data.qrcode,
      log: log.data,
      isGuest: params.isGuest,
      readLogKey: readLogKey(id),
    };
    content = (
      <Stack gap="lg">
        <CodeSummary code={log.data.qrcode} firstReadDay={log.data.first_read_day} />
        <ReadLogFigures log={log.data} />
        {settings ? <div data-region="settings">{settings(panel)}</div> : null}
        {sharePanel ? <div data-region="share">{sharePanel(panel)}</div> : null}
      </Stack>
    );
  }

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 40 }} data-testid="readlog-page">
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {t('page_title')}
          </Title>
          <Anchor component={Link} to={back} size="sm" data-testid="readlog-back">
            {params.isGuest ? t('back_to_top') : t('back_to_list')}
          </Anchor>
        </Group>
        {content}
      </Stack>
    </Container>
  );
}
