import { Container, Divider, Group, Stack } from '@mantine/core';
import type { PageParams } from '@qrqr/shared/page-params';
import { paths } from '@qrqr/shared/paths';
import type { ReactNode } from 'react';
import { isAppScreen } from '../../lib/app-screen';
import { Link } from '../../lib/router';
import { useTranslation } from '../../lib/use-translation';
import { ButtonLink } from '../button-link';
import { accountLinks, channelHref, registerHref } from './header-links';
import classes from './site-header.module.css';

export type MobilePanel = 'none' | 'nav' | 'account';
export const NAV_PANEL_ID = 'mobile-nav-panel';
export const ACCOUNT_PANEL_ID = 'mobile-account-panel';

function PanelLink({
  href,
  onNavigate,
  children,
}: {
  href: string;
  onNavigate: () => void;
  children: ReactNode;
}) {
  if (isAppScreen(href)) {
    return (
      <Link to={href} className={classes.panelLink} onClick={onNavigate}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={classes.panelLink}>
      {children}
    </a>
  );
}

interface PanelProps {
  params: PageParams;
  onClose: () => void;
}

/** Site navigation for narrow screens: the channel button, and register / login for guests. */
export function MobileNavPanel({ params, onClose }: PanelProps) {
  const { t } = useTranslation('common');
  return (
    <nav id={NAV_PANEL_ID} className={classes.panel} aria-label={t('header.nav_label')}>
      <Container size="lg">
        <Stack gap={4}>
          <PanelLink href={paths.home} onNavigate={onClose}>
            {t('header.top')}
          </PanelLink>
          <PanelLink href={channelHref(params)} onNavigate={onClose}>
            {t('header.channel')}
          </PanelLink>
          {params.isGuest ? (
            <Group grow mt="sm" px="md">
              <ButtonLink href={registerHref(params)} onClick={onClose}>
                {t('header.register')}
              </ButtonLink>
              <ButtonLink href={paths.signin} variant="default" onClick={onClose}>
                {t('header.signin')}
              </ButtonLink>
            </Group>
          ) : null}
        </Stack>
      </Container>
    </nav>
  );
}

interface AccountPanelProps extends PanelProps {
  onLogout: () => void;
}

/** The header's account menu as a full-width panel on narrow screens. */
export function MobileAccountPanel({ params, onClose, onLogout }: AccountPanelProps) {
  const { t } = useTranslation('common');
  return (
    <nav id={ACCOUNT_PANEL_ID} className={classes.panel} aria-label={t('header.account_nav_label')}>
      <Container size="lg">
        <Stack gap={4}>
          <div className={classes.panelCaption}>{params.userName}</div>
          {accountLinks.map((item) => (
            <PanelLink key={item.to} href={item.to} onNavigate={onClose}>
              {t(item.labelKey)}
            </PanelLink>
          ))}
          <Divider my={4} />
          <button
            type="button"
            className={classes.panelLink}
            data-testid="logout"
            onClick={() => {
              onClose();
              onLogout();
            }}
          >
            {t('account_menu.logout')}
          </button>
        </Stack>
      </Container>
    </nav>
  );
}
