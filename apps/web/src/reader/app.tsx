/** @jsxImportSource preact */
import { CHANNEL_PAGE_PREFIX, WELCOME_PAGE_PREFIX } from '@qrqr/shared/paths';
import { ChannelPage } from './channel/channel-page';
import { parseItemHash } from './inbox/inbox-api';
import { InboxList } from './inbox/inbox-list';
import { MessageView } from './inbox/message-view';
import { ReaderScreen } from './scanner/reader-screen';
import { useTranslation } from './shared/i18n';
import { useHash } from './shared/use-hash';
import { usePath } from './shared/use-path';
import { WelcomeScreen } from './welcome/welcome-view';

/** The light app's pages: the reader, a channel's public page and a Wi-Fi welcome page. */
export function App() {
  const { t, lang, setLang } = useTranslation('reader');
  // An opened message lives in the hash of the page that listed it: Back closes it.
  const opened = parseItemHash(useHash());
  // A Wi-Fi scan moves to its welcome page's address without a reload (navigateTo).
  const path = usePath();
  const channelCode = path.startsWith(CHANNEL_PAGE_PREFIX)
    ? decodeURIComponent(path.slice(CHANNEL_PAGE_PREFIX.length).replace(/\/$/, ''))
    : null;
  const welcomeCode = path.startsWith(WELCOME_PAGE_PREFIX)
    ? decodeURIComponent(path.slice(WELCOME_PAGE_PREFIX.length).replace(/\/$/, ''))
    : null;
  return (
    <>
      <header class="bar">
        <a class="brand" href="/reader">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>{t('app.title')}</span>
        </a>
        <button
          type="button"
          class="btn btn-link lang"
          lang={lang === 'ja' ? 'en' : 'ja'}
          aria-label={t('app.languageLabel')}
          onClick={() => setLang(lang === 'ja' ? 'en' : 'ja')}
        >
          {t('app.language')}
        </button>
      </header>
      {welcomeCode !== null ? (
        <WelcomeScreen key={welcomeCode} code={welcomeCode} />
      ) : opened ? (
        <MessageView code={opened.code} itemKey={opened.key} onClose={() => history.back()} />
      ) : channelCode !== null ? (
        <ChannelPage code={channelCode} />
      ) : (
        <>
          <ReaderScreen />
          <InboxList code={null} opened={null} quiet />
        </>
      )}
    </>
  );
}
