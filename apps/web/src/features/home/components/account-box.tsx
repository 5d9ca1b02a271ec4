import { Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import type { PageParams } from '@qrqr/shared/page-params';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { channelHref } from '../../../components/header/header-links';
import { SideBox } from '../../../components/side-box';
import { useTranslation } from '../../../lib/use-translation';

function Check() {
  return (
    <ThemeIcon size={20} radius="xl" variant="light">
      <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" focusable="false">
        <path d="M5 12l5 5 9-10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </ThemeIcon>
  );
}

/** Guests: why a free account helps (a permanent history, sharing, channels), with register and login. */
export function FreeAccountBox({ params }: { params: PageParams }) {
  const { t } = useTranslation('home');
  return (
    <SideBox name="free-account" title={t('account_box.title')}>
      <Text size="sm">{t('account_box.lead')}</Text>
      <List size="sm" spacing={8} icon={<Check />} center>
        <List.Item>{t('account_box.history')}</List.Item>
        <List.Item>{t('account_box.share')}</List.Item>
        <List.Item>{t('account_box.channel')}</List.Item>
      </List>
      <Group grow gap="sm" preventGrowOverflow={false} wrap="wrap">
        <ButtonLink href={params.REGISTER_URL || paths.signup} data-testid="free-account-register">
          {t('account_box.register')}
        </ButtonLink>
        <ButtonLink href={paths.signin} variant="default" data-testid="free-account-signin">
          {t('account_box.signin')}
        </ButtonLink>
      </Group>
    </SideBox>
  );
}

/** Members: the way to their codes and to the channel service. */
export function MemberBox({ params }: { params: PageParams }) {
  const { t } = useTranslation('home');
  return (
    <SideBox name="member-box" title={t('member_box.title')}>
      <Text size="sm">{t('member_box.lead')}</Text>
      <Stack gap="sm">
        <ButtonLink href={paths.qrList} fullWidth>
          {t('member_box.qr_list')}
        </ButtonLink>
        <ButtonLink href={channelHref(params)} variant="default" fullWidth>
          {t('member_box.channel')}
        </ButtonLink>
      </Stack>
    </SideBox>
  );
}
