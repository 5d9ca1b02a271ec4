/** @jsxImportSource preact */
import type { FollowAnswer, ReaderChannelAnswer, ReaderChannelDto } from '@qrqr/shared/follower-schemas';
import { readerChannelPath } from '@qrqr/shared/paths';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Address, Phrased } from '../../cards/phrased';
import { InboxList } from '../inbox/inbox-list';
import { NotificationsOffer } from '../push/notifications-offer';
import { call } from '../shared/api';
import { useTranslation } from '../shared/i18n';
import { httpUrl, mapUrl } from '../shared/links';
import { usePageTitle } from '../shared/page-title';
import { ChannelHead } from './channel-head';

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error' }
  | { state: 'ready'; channel: ReaderChannelDto; following: boolean };

/** /c/{channel_code}: a channel's public page, readable without an account; follow from this device. */
export function ChannelPage({ code }: { code: string }) {
  const { t } = useTranslation('reader');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  // Why a follow or unfollow failed: over the day's limit (E-720) says so, anything else asks to retry.
  const [followError, setFollowError] = useState<'limit' | 'failed' | null>(null);
  // Following, the button says 「フォロー中」; a tap on it shows 「フォローをやめる」, one step away.
  const [unfollowShown, setUnfollowShown] = useState(false);
  const unfollowButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (unfollowShown) unfollowButton.current?.focus();
  }, [unfollowShown]);
  const page = readerChannelPath.page(code);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes only to load again (retry).
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    void call<ReaderChannelAnswer>('GET', page).then((answer) => {
      if (!live) return;
      if (answer.ok) setLoad({ state: 'ready', ...answer.data });
      else setLoad({ state: answer.status === 404 || answer.status === 400 ? 'missing' : 'error' });
    });
    return () => {
      live = false;
    };
  }, [page, attempt]);

  usePageTitle(load.state === 'ready' ? load.channel.channel_name : null);

  if (load.state === 'loading')
    return (
      <main class="channel">
        <p class="status" role="status">
          {t('channel.loading')}
        </p>
      </main>
    );
  if (load.state === 'missing')
    return (
      <main class="channel">
        <section class="card" data-testid="channel-missing">
          <h1>{t('channel.notFound')}</h1>
          <p>{t('channel.notFoundText')}</p>
          <a class="btn btn-secondary btn-block" href="/reader">
            {t('channel.toReader')}
          </a>
        </section>
      </main>
    );
  if (load.state === 'error')
    return (
      <main class="channel">
        <section class="card result-warn" role="alert">
          <p>{t('channel.error')}</p>
          <button type="button" class="btn btn-secondary btn-block" onClick={() => setAttempt((n) => n + 1)}>
            {t('channel.retry')}
          </button>
        </section>
      </main>
    );

  const { channel, following } = load;
  const toggleFollow = async () => {
    setUnfollowShown(false);
    setSaving(true);
    setFollowError(null);
    // A follow link carries signed tags in ?tags=; the server checks the signature.
    const tags = new URLSearchParams(location.search).get('tags') ?? undefined;
    const answer = following
      ? await call<FollowAnswer>('POST', readerChannelPath.unfollow(code))
      : await call<FollowAnswer>('POST', readerChannelPath.follow(code), tags ? { tags } : {});
    setSaving(false);
    if (!answer.ok) return setFollowError(answer.code === 'E-720' ? 'limit' : 'failed');
    setLoad({
      state: 'ready',
      following: answer.data.following,
      channel: { ...channel, follower_count: answer.data.follower_count },
    });
  };
  const map = mapUrl(channel);
  const links = channel.relation_links.filter((l) => httpUrl(l.url));

  return (
    <main class="channel">
      <ChannelHead channel={channel} />

      <section class="card follow">
        <button
          type="button"
          class={following ? 'btn btn-secondary btn-block btn-following' : 'btn btn-primary btn-block'}
          onClick={following ? () => setUnfollowShown((shown) => !shown) : toggleFollow}
          disabled={saving}
          aria-pressed={following}
          aria-expanded={following ? unfollowShown : undefined}
          aria-controls={following ? 'unfollow-step' : undefined}
          data-testid="follow"
        >
          {following ? t('channel.following') : t('channel.follow')}
        </button>
        {following && (
          <div id="unfollow-step" hidden={!unfollowShown}>
            <button
              type="button"
              ref={unfollowButton}
              class="btn btn-link btn-block"
              onClick={toggleFollow}
              disabled={saving}
              data-testid="unfollow"
            >
              {t('channel.unfollow')}
            </button>
          </div>
        )}
        {following && <NotificationsOffer />}
        {!following && <p class="note">{t('channel.followNote')}</p>}
        {followError && (
          <p class="result-warn" role="alert">
            {followError === 'limit' ? t('channel.followLimit') : t('channel.followFailed')}
          </p>
        )}
      </section>

      {following && <InboxList code={code} opened={null} />}

      {channel.description_long && (
        <section class="card">
          <h2>{t('channel.about')}</h2>
          <p class="long">
            <Phrased text={channel.description_long} />
          </p>
        </section>
      )}

      {(channel.address || channel.description_route || map) && (
        <section class="card">
          <h2>{t('channel.access')}</h2>
          {channel.address && (
            <p class="address">
              <Address text={channel.address} />
            </p>
          )}
          {channel.description_route && (
            <p class="long">
              <Phrased text={channel.description_route} />
            </p>
          )}
          {map && (
            <a class="btn btn-secondary btn-block" href={map} rel="noopener noreferrer" target="_blank">
              {t('channel.map')}
            </a>
          )}
        </section>
      )}

      {links.length > 0 && (
        <section class="card">
          <h2>{t('channel.links')}</h2>
          <ul class="links">
            {links.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener noreferrer" target="_blank">
                  {link.text || link.url}
                </a>
                <span class="host">{httpUrl(link.url)?.host}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <p class="to-reader">
        <a href="/reader">{t('channel.toReader')}</a>
      </p>
    </main>
  );
}
