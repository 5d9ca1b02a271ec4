/** @jsxImportSource preact */
import type { ReaderWifi } from '@qrqr/shared/reader-schemas';
import { CopyButton } from '../shared/copy-button';
import { type Lang, useTranslation } from '../shared/i18n';

/*
 * The network of a scanned Wi-Fi code (SSID and password with copy buttons, security, expiry and
 * how to join), shown by the scan's result and above the welcome page at `/reader/w/{code}`.
 */

function formatDate(at: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
}

function securityKey(encryption: string): string {
  if (encryption === 'WPA') return 'wifi.securityWPA';
  if (encryption === 'WEP') return 'wifi.securityWEP';
  return 'wifi.securityNone';
}

/** `plain`: a standard WIFI: payload read as it is, which has no expiry to speak of. */
export function WifiView({ wifi, plain }: { wifi: ReaderWifi; plain: boolean }) {
  const { t, lang } = useTranslation('reader');
  return (
    <section class="card result" aria-labelledby="result-heading">
      <h2 id="result-heading">{t('wifi.heading')}</h2>
      <dl class="wifi">
        <div class="wifi-row">
          <dt>{t('wifi.ssid')}</dt>
          <dd>
            <span class="mono" data-testid="wifi-ssid">
              {wifi.ssid}
            </span>
            <CopyButton value={wifi.ssid} label={t('wifi.ssid')} />
          </dd>
        </div>
        <div class="wifi-row">
          <dt>{t('wifi.password')}</dt>
          <dd>
            {wifi.password ? (
              <>
                <span class="mono" data-testid="wifi-password">
                  {wifi.password}
                </span>
                <CopyButton value={wifi.password} label={t('wifi.password')} />
              </>
            ) : (
              <span>{t('wifi.noPassword')}</span>
            )}
          </dd>
        </div>
        <div class="wifi-row">
          <dt>{t('wifi.security')}</dt>
          <dd data-testid="wifi-security">{t(securityKey(wifi.encryption))}</dd>
        </div>
      </dl>
      {!plain && (
        <p class="note" data-testid="wifi-expiry">
          {wifi.expires_at === null
            ? t('wifi.forever')
            : t('wifi.expires', { date: formatDate(wifi.expires_at, lang) })}
        </p>
      )}
      {wifi.hidden && <p class="note">{t('wifi.hidden')}</p>}
      <p class="howto">{t('wifi.howTo')}</p>
    </section>
  );
}

export function WifiExpired({ expiresAt }: { expiresAt: number }) {
  const { t, lang } = useTranslation('reader');
  return (
    <section class="card result result-warn" role="alert" data-testid="wifi-expired">
      <h2>{t('wifi.heading')}</h2>
      <p>{t('wifi.expired')}</p>
      <p class="note">{t('wifi.expiredAt', { date: formatDate(expiresAt, lang) })}</p>
    </section>
  );
}
