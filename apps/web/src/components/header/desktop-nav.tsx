import { Button, Group, Menu } from '@mantine/core';
import { type PageParams, paths, truncateName } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../button-link';
import { accountLinks, channelHref, registerHref, showsAccountMenu } from './header-links';
import { ChatIcon, ChevronDownIcon, UserIcon } from './icons';

interface DesktopNavProps {
  params: PageParams;
  onLogout: () => void;
}

export function DesktopNav({ params, onLogout }: DesktopNavProps) {
  const { t } = useTranslation('common');
  return (
    <Group component="nav" gap="sm" aria-label={t('header.nav_label')} wrap="nowrap">
      <ButtonLink href={channelHref(params)} variant="subtle" leftSection={<ChatIcon />}>
        {t('header.channel')}
      </ButtonLink>
      {params.isGuest ? (
        <>
          <ButtonLink href={registerHref(params)}>{t('header.register')}</ButtonLink>
          <Button component={Link} to={paths.signin} variant="default">
            {t('header.signin')}
          </Button>
        </>
      ) : null}
      {showsAccountMenu(params) ? (
        // No focus placeholder: it is a focusable node without a role inside role="menu" (axe critical).
        <Menu position="bottom-end" width={220} shadow="md" withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<UserIcon />}
              rightSection={<ChevronDownIcon />}
              data-testid="account-menu"
              title={params.userName}
            >
              {truncateName(params.userName)}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {accountLinks.map((item) => (
              <Menu.Item key={item.to} component={Link} to={item.to}>
                {t(item.labelKey)}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item onClick={onLogout} data-testid="logout">
              {t('account_menu.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}
