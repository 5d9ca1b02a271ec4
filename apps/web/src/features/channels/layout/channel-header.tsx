import { Badge, Burger, Button, Group } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import type { PageParams } from '@qrqr/shared/page-params';
import { Suspense } from 'react';
import { AccountButton } from '../../../components/header/account-button';
import { ChevronDownIcon, UserIcon } from '../../../components/header/icons';
import { MobileAccountPanel } from '../../../components/header/mobile-panels';
import { lazyWithTimeout } from '../../../lib/lazy-with-timeout';
import { useTranslation } from '../../../lib/use-translation';
import { useChannelArea } from './channel-area';
import { ChannelInfoPanel } from './channel-info-panel';
import classes from './channel-layout.module.css';
import { ChannelSidebar } from './channel-sidebar';
import { ChannelSwitcher } from './channel-switcher';
import { PANEL_IDS, useLayoutPanels } from './layout-panels';
import { ServiceLogo } from './service-logo';
import { ViewModeToggle } from './view-mode-toggle';

const AccountMenu = lazyWithTimeout(() =>
  import('../../../components/header/account-menu').then((m) => ({ default: m.AccountMenu })),
);

interface ChannelHeaderProps {
  params: PageParams;
  onLogout: () => void;
}

/**
 * The channel area's header: service logo, channel switcher, smartphone/PC toggle and account
 * menu. In the phone layout the three open panels (side navigation, channel info, account),
 * one at a time.
 */
export function ChannelHeader({ params, onLogout }: ChannelHeaderProps) {
  const { t } = useTranslation('channels');
  const { phoneLayout, channel } = useChannelArea();
  const { panel, toggle, close } = useLayoutPanels();

  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') close();
  });

  if (!phoneLayout) {
    return (
      <header className={classes.header}>
        <div className={classes.bar}>
          <ServiceLogo />
          <Group gap="sm" wrap="nowrap">
            <ViewModeToggle />
            {channel?.is_official ? (
              <Badge size="sm" data-testid="header-official">
                {t('official')}
              </Badge>
            ) : null}
            <ChannelSwitcher />
            <Suspense fallback={<AccountButton userName={params.userName} />}>
              <AccountMenu params={params} onLogout={onLogout} />
            </Suspense>
          </Group>
        </div>
      </header>
    );
  }

  return (
    <header className={classes.header}>
      <div className={classes.bar}>
        <ServiceLogo />
        <Group gap={6} wrap="nowrap" className={classes.mobileControls}>
          {channel ? (
            <Button
              variant="default"
              size="sm"
              px="xs"
              rightSection={<ChevronDownIcon />}
              onClick={() => toggle('channel')}
              aria-expanded={panel === 'channel'}
              aria-controls={PANEL_IDS.channel}
              aria-label={t('header.channel_info', { name: channel.channel_name })}
              data-testid="channel-info-button"
            >
              <span className={classes.channelName}>{channel.channel_name}</span>
            </Button>
          ) : null}
          <Button
            variant="default"
            size="sm"
            px={8}
            onClick={() => toggle('account')}
            aria-expanded={panel === 'account'}
            aria-controls={PANEL_IDS.account}
            aria-label={t('header.account', { name: params.userName })}
            data-testid="account-menu"
          >
            <UserIcon />
          </Button>
          <Burger
            opened={panel === 'nav'}
            onClick={() => toggle('nav')}
            aria-label={panel === 'nav' ? t('common:header.close_menu') : t('common:header.open_menu')}
            aria-expanded={panel === 'nav'}
            aria-controls={PANEL_IDS.nav}
            data-testid="nav-burger"
          />
        </Group>
      </div>
      {panel === 'nav' ? (
        <div className={classes.panel}>
          <ChannelSidebar id={PANEL_IDS.nav} />
        </div>
      ) : null}
      {panel === 'channel' ? <ChannelInfoPanel id={PANEL_IDS.channel} /> : null}
      {panel === 'account' ? (
        <MobileAccountPanel params={params} onClose={close} onLogout={onLogout} />
      ) : null}
    </header>
  );
}
