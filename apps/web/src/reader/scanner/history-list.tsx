/** @jsxImportSource preact */
import type { ReaderResult } from '@qrqr/shared/reader-schemas';
import { type Lang, type Translate, useTranslation } from '../shared/i18n';
import type { HistoryEntry } from './history';

const KIND_KEYS: Record<ReaderResult['kind'], string> = {
  text: 'history.kindText',
  redirect: 'history.kindRedirect',
  wifi: 'history.kindWifi',
  channel: 'history.kindChannel',
  missing: 'history.kindMissing',
  foreign: 'history.kindForeign',
};

/** A short line for one scan: never a Wi-Fi password. */
function summary(entry: HistoryEntry, t: Translate): string {
  const r = entry.result;
  if (r.kind === 'wifi') return r.expired ? t('history.kindWifi') : r.wifi.ssid;
  if (r.kind === 'text' || r.kind === 'foreign') return r.text;
  if (r.kind === 'redirect') return r.target;
  if (r.kind === 'channel') return entry.text;
  return t('result.missing');
}

function when(at: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

export function HistoryList(props: {
  entries: HistoryEntry[];
  onOpen(entry: HistoryEntry): void;
  onClear(): void;
}) {
  const { t, lang } = useTranslation('reader');
  return (
    <section class="history" aria-labelledby="history-heading">
      <div class="history-head">
        <h2 id="history-heading">{t('history.heading')}</h2>
        {props.entries.length > 0 && (
          <button type="button" class="btn btn-link" onClick={props.onClear}>
            {t('history.clear')}
          </button>
        )}
      </div>
      {props.entries.length === 0 ? (
        <p class="note">{t('history.empty')}</p>
      ) : (
        <ul>
          {props.entries.slice(0, 10).map((entry) => (
            <li key={`${entry.at}-${entry.text}`}>
              <button type="button" class="history-item" onClick={() => props.onOpen(entry)}>
                <span class="badge">{t(KIND_KEYS[entry.result.kind])}</span>
                <span class="history-text">{summary(entry, t)}</span>
                <time dateTime={new Date(entry.at).toISOString()}>{when(entry.at, lang)}</time>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
