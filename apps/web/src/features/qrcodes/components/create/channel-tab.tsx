import { List, Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '../../../../components/button-link';
import { channelHref } from '../../../../components/header/header-links';
import { useSession } from '../../../../lib/session';
import { useTranslation } from '../../../../lib/use-translation';

/** Channel codes are made in the channel service; this tab explains it and leads there. */
export function ChannelTab() {
  const { t } = useTranslation('qrcode');
  const { params } = useSession();
  const registered = params.isUserRegisteredChannelService;
  return (
    <Stack gap="md" data-testid="channel-tab">
      <Title order={3} fz="lg">
        {t('channel.title')}
      </Title>
      <Text>{t('channel.body')}</Text>
      <List size="sm" spacing={6}>
        <List.Item>{t('channel.point_follow')}</List.Item>
        <List.Item>{t('channel.point_message')}</List.Item>
        <List.Item>{t('channel.point_coupon')}</List.Item>
      </List>
      <Text size="sm" c="dimmed">
        {params.isGuest ? t('channel.guest_note') : t('channel.member_note')}
      </Text>
      <ButtonLink
        href={channelHref(params)}
        size="md"
        w={{ base: '100%', sm: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
        data-testid="channel-go"
      >
        {registered ? t('channel.open') : t('channel.register')}
      </ButtonLink>
    </Stack>
  );
}
