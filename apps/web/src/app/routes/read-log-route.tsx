import { Paper, Title } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { LIST_TABS } from '@qrqr/shared/qr-constants';
import { PageLoader } from '../../components/feedback/page-loader';
import { ReadLogPage } from '../../features/analytics/routes/read-log-page';
import { AnalysisSettings } from '../../features/qrcodes/components/settings/analysis-settings';
import { WifiSettings } from '../../features/qrcodes/components/settings/wifi-settings';
import { SharePanel } from '../../features/sharing/components/share-panel';
import { useScreenTexts } from '../../lib/use-screen-texts';
import { useTranslation } from '../../lib/use-translation';

/**
 * The read-log page with the code's settings from the QR manager beneath its figures (the
 * owner's: a recipient's permissions do not cover them), and the sharing panel for members: who
 * sees this log, invitations, release.
 */
const READ_LOG_TEXTS = ['readlog', 'sharing'];

export function ReadLogRoute() {
  const { t } = useTranslation('sharing');
  // The page's texts are not part of the language file every first visit loads.
  if (!useScreenTexts(READ_LOG_TEXTS)) return <PageLoader />;
  return (
    <ReadLogPage
      settings={({ code, isGuest, readLogKey }) =>
        code.is_owner ? (
          <>
            <AnalysisSettings code={code} isGuest={isGuest} invalidates={readLogKey} />
            {code.wifi ? (
              <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
                <WifiSettings key={code.id} code={code} isGuest={isGuest} invalidates={readLogKey} />
              </div>
            ) : null}
          </>
        ) : null
      }
      sharePanel={({ code, isGuest }) =>
        isGuest ? null : (
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="readlog-share">
            <Title order={2} fz="lg" mb="md">
              {t('dialog.title')}
            </Title>
            <SharePanel
              qrId={code.id}
              onLeft={() => window.location.assign(`${paths.qrList}?tab=${LIST_TABS.shared}`)}
            />
          </Paper>
        )
      }
    />
  );
}
