/** @jsxImportSource preact */
import type { ReaderResult } from '@qrqr/shared/reader-schemas';
import { CopyButton } from '../shared/copy-button';
import { useTranslation } from '../shared/i18n';
import { httpUrl } from '../shared/links';
import { WifiExpired, WifiView } from '../welcome/network-view';
import { WelcomeView } from '../welcome/welcome-view';

/** One scan's result, by kind. */
export function ResultView({ result }: { result: ReaderResult }) {
  const { t } = useTranslation('reader');
  switch (result.kind) {
    case 'text':
      return (
        <section class="card result" aria-labelledby="result-heading">
          <h2 id="result-heading">{t('result.textHeading')}</h2>
          <TextBlock text={result.text} />
        </section>
      );
    case 'redirect':
      return (
        <section class="card result" aria-labelledby="result-heading">
          <h2 id="result-heading">{t('result.redirectHeading')}</h2>
          <TextBlock text={result.target} checkFirst />
        </section>
      );
    case 'wifi':
      return result.expired ? (
        <WifiExpired expiresAt={result.expires_at} />
      ) : (
        <>
          <WifiView wifi={result.wifi} plain={result.plain === true} />
          {result.welcome_page ? <WelcomeView page={result.welcome_page} /> : null}
        </>
      );
    case 'channel':
      return (
        <section class="card result" aria-labelledby="result-heading">
          <h2 id="result-heading">{t('history.kindChannel')}</h2>
          <a class="btn btn-primary btn-block" href={`/c/${encodeURIComponent(result.channel_code)}`}>
            {t('result.channelOpen')}
          </a>
        </section>
      );
    case 'missing':
      return (
        <section class="card result result-warn" role="alert">
          <p>{t('result.missing')}</p>
        </section>
      );
    case 'foreign':
      return (
        <section class="card result" aria-labelledby="result-heading">
          <h2 id="result-heading">{t('result.foreignHeading')}</h2>
          <p class="note">{t('result.foreignNote')}</p>
          <TextBlock text={result.text} checkFirst />
        </section>
      );
  }
}

/**
 * Text as it is; a URL also with its host spelled out and a one-tap open button. `checkFirst`:
 * a target someone else chose (a foreign code, or a redirect code, which any account can point
 * anywhere) asks the visitor to look before opening it.
 */
function TextBlock({ text, checkFirst = false }: { text: string; checkFirst?: boolean }) {
  const { t } = useTranslation('reader');
  const url = httpUrl(text);
  return (
    <div class="text-block">
      <p class="scanned-text" data-testid="result-text">
        {text}
      </p>
      {url && (
        <>
          {/* url.host is the ASCII (punycode) form: a look-alike host cannot hide. */}
          <p class="host" data-testid="result-host">
            {t('result.opensHost', { host: url.host })}
          </p>
          {checkFirst && <p class="note">{t('result.checkUrlNote')}</p>}
          <a class="btn btn-primary btn-block" href={url.href} rel="noopener noreferrer">
            {t('result.open')}
          </a>
        </>
      )}
      <div class="row-end">
        <CopyButton value={text} label={t('result.textHeading')} />
      </div>
    </div>
  );
}
