/** @jsxImportSource preact */
import { LIMITS } from '@qrqr/shared/limits';
import type { InboxItemDto } from '@qrqr/shared/message-schemas';
import { useEffect, useState } from 'preact/hooks';
import { InboxRow } from '../../cards/message-cards';
import { cardText } from '../shared/card-text';
import { type Lang, useTranslation } from '../shared/i18n';
import { itemHash, loadInbox } from './inbox-api';

type Load =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; items: InboxItemDto[]; total: number; unread: number; page: number };

const when = (ms: number, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', {
    timeZone: 'Asia/Tokyo',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(ms));

/**
 * The follower's inbox, newest first, 20 at a time: one channel's (`code`, on its page) or every
 * followed channel's (null, on /reader). A row opens the message in place (`#message/…`).
 */
export function InboxList({
  code,
  opened,
  quiet = false,
}: {
  code: string | null;
  opened: string | null;
  /** /reader: the section shows only once there are messages (a visitor who follows nothing sees the scanner alone). */
  quiet?: boolean;
}) {
  const { t, lang } = useTranslation('reader');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on retry and when a message closes (it may be read now).
  useEffect(() => {
    let live = true;
    void loadInbox(code, 1).then((answer) => {
      if (!live) return;
      if (answer.ok)
        setLoad({
          state: 'ready',
          items: answer.data.items,
          total: answer.data.total_count,
          unread: answer.data.unread_count,
          page: 1,
        });
      else setLoad({ state: 'error' });
    });
    return () => {
      live = false;
    };
  }, [code, attempt, opened]);

  const more = async () => {
    if (load.state !== 'ready') return;
    const answer = await loadInbox(code, load.page + 1);
    if (answer.ok) setLoad({ ...load, items: [...load.items, ...answer.data.items], page: load.page + 1 });
  };

  const text = cardText(t);
  if (quiet && (load.state !== 'ready' || load.items.length === 0)) return null;
  return (
    <section class="card inbox" data-testid="inbox" aria-labelledby="inbox-title">
      <h2 id="inbox-title">
        {t('inbox.title')}
        {load.state === 'ready' && load.unread > 0 && (
          <span class="inbox-unread" data-testid="inbox-unread">
            {t('inbox.unread', { count: load.unread })}
          </span>
        )}
      </h2>
      {load.state === 'loading' && (
        <p class="status" role="status">
          {t('inbox.loading')}
        </p>
      )}
      {load.state === 'error' && (
        <div role="alert">
          <p>{t('inbox.error')}</p>
          <button type="button" class="btn btn-secondary btn-block" onClick={() => setAttempt((n) => n + 1)}>
            {t('channel.retry')}
          </button>
        </div>
      )}
      {load.state === 'ready' && load.items.length === 0 && (
        <p class="note" data-testid="inbox-empty">
          {t(code === null ? 'inbox.emptyAll' : 'inbox.empty')}
        </p>
      )}
      {load.state === 'ready' && load.items.length > 0 && (
        <ul class="inbox-rows">
          {load.items.map((item) => (
            <li key={item.item_key}>
              <InboxRow
                channelName={item.channel_name}
                iconUrl={item.channel_icon_url}
                pushText={item.push_text}
                date={when(item.delivered_at, lang)}
                unread={!item.opened}
                couponState={item.coupon?.state ?? null}
                href={itemHash(item.channel_code, item.item_key)}
                text={text}
                locale={lang}
              />
            </li>
          ))}
        </ul>
      )}
      {load.state === 'ready' && load.items.length < load.total && load.items.length >= LIMITS.pageSize && (
        <button type="button" class="btn btn-secondary btn-block" onClick={more} data-testid="inbox-more">
          {t('inbox.more')}
        </button>
      )}
    </section>
  );
}
