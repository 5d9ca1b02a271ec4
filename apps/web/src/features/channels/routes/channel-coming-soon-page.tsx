import { Button, Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ChannelPage } from '../layout/channel-page';

// Which part of the service a path belongs to, to name what is coming.
const AREAS: Array<[prefix: string, key: string]> = [
  ['/qrchannel/message', 'messages'],
  ['/qrchannel/welcomemessage', 'welcome'],
  ['/qrchannel/coupon', 'coupons'],
  ['/qrchannel/sendlist', 'sendlists'],
  ['/qrchannel/tag', 'tags'],
  ['/qrchannel/channel/navigate/users', 'users'],
  ['/qrchannel/channel/update', 'settings'],
  ['/qrwifi/', 'wifi'],
];

/** A screen of the channel area that has not landed yet: says what it will do, inside the layout. */
export function ChannelComingSoonPage() {
  const { t } = useTranslation('channels');
  const { pathname } = useLocation();
  const area = AREAS.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? 'messages';
  const name = t(`sidebar.${area}`);
  return (
    <ChannelPage title={name} data-testid="channel-coming-soon">
      <Stack gap="md" maw={560}>
        <Text fw={700}>{t('coming_soon.title', { name })}</Text>
        <Text>{t(`coming_soon.what.${area}`)}</Text>
        <Text size="sm" c="dimmed">
          {t('coming_soon.meanwhile')}
        </Text>
        <Button component={Link} to={paths.home} variant="default" style={{ alignSelf: 'flex-start' }}>
          {t('common:back_to_top')}
        </Button>
      </Stack>
    </ChannelPage>
  );
}
