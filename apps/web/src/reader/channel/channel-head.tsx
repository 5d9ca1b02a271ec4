/** @jsxImportSource preact */
import type { ReaderChannelDto } from '@qrqr/shared/follower-schemas';
import { Phrased } from '../../cards/phrased';
import { useTranslation } from '../shared/i18n';

/** The top of a channel's page: its background and icon, its name (official or not), followers and short description. */
export function ChannelHead({ channel }: { channel: ReaderChannelDto }) {
  const { t } = useTranslation('reader');
  return (
    <header class="channel-head">
      {channel.background_image_url && <img class="channel-bg" src={channel.background_image_url} alt="" />}
      <div class="channel-id">
        {channel.icon_image_url ? (
          <img class="channel-icon" src={channel.icon_image_url} alt="" width={72} height={72} />
        ) : (
          <div class="channel-icon channel-icon-empty" aria-hidden="true">
            {Array.from(channel.channel_name)[0]}
          </div>
        )}
        <div>
          <h1>
            {channel.channel_name}
            {channel.is_official && <span class="official">{t('channel.official')}</span>}
          </h1>
          <p class="followers" data-testid="follower-count">
            {t('channel.followers', { count: channel.follower_count })}
          </p>
        </div>
      </div>
      {channel.description_short && (
        <p class="short">
          <Phrased text={channel.description_short} />
        </p>
      )}
    </header>
  );
}
