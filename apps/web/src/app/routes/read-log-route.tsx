import { PageLoader } from '../../components/feedback/page-loader';
import { ReadLogPage } from '../../features/analytics/routes/read-log-page';
import { AnalysisSettings } from '../../features/qrcodes/components/settings/analysis-settings';
import { WifiSettings } from '../../features/qrcodes/components/settings/wifi-settings';
import { useScreenTexts } from '../../lib/use-screen-texts';

/**
 * The read-log page with the code's settings from the QR manager beneath its figures. The sharing
 * feature adds its panel through `sharePanel` (who sees this log, invitations).
 */
export function ReadLogRoute() {
  // The page's texts are not part of the language file every first visit loads.
  if (!useScreenTexts('readlog')) return <PageLoader />;
  return (
    <ReadLogPage
      settings={({ code, isGuest, readLogKey }) => (
        <>
          <AnalysisSettings code={code} isGuest={isGuest} invalidates={readLogKey} />
          {code.wifi ? (
            <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
              <WifiSettings key={code.id} code={code} isGuest={isGuest} invalidates={readLogKey} />
            </div>
          ) : null}
        </>
      )}
    />
  );
}
