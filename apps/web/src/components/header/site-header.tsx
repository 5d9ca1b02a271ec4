import { Burger, Button, Container, Group } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import type { PageParams } from '@qrqr/shared/page-params';
import { truncateName } from '@qrqr/shared/text';
import { useState } from 'react';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useTranslation } from '../../lib/use-translation';
import { DesktopNav } from './desktop-nav';
import { showsAccountMenu } from './header-links';
import { ChevronDownIcon } from './icons';
import { Logo } from './logo';
import {
  ACCOUNT_PANEL_ID,
  MobileAccountPanel,
  MobileNavPanel,
  type MobilePanel,
  NAV_PANEL_ID,
} from './mobile-panels';
import classes from './site-header.module.css';

interface SiteHeaderProps {
  params: PageParams;
  onLogout: () => void;
}

/**
 * The site header: logo, register and login for guests, the name menu for members. On narrow
 * screens it collapses into a burger (navigation) and an account button; only one of their panels
 * is open at a time. One variant is rendered, never both, so test ids and landmarks stay unique.
 */
export function SiteHeader({ params, onLogout }: SiteHeaderProps) {
  const { t } = useTranslation('common');
  const isMobile = useIsMobile();
  const [panel, setPanel] = useState<MobilePanel>('none');
  const toggle = (next: MobilePanel) => setPanel((current) => (current === next ? 'none' : next));
  const close = () => setPanel('none');

  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') close();
  });

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.bar}>
        <Logo />
        {isMobile ? (
          <Group gap="xs" wrap="nowrap" className={classes.mobileControls}>
            {showsAccountMenu(params) ? (
              <Button
                variant="default"
                size="sm"
                px="xs"
                rightSection={<ChevronDownIcon />}
                onClick={() => toggle('account')}
                aria-expanded={panel === 'account'}
                aria-controls={ACCOUNT_PANEL_ID}
                title={params.userName}
                data-testid="account-menu"
              >
                <span className={classes.accountName}>{truncateName(params.userName)}</span>
              </Button>
            ) : null}
            <Burger
              opened={panel === 'nav'}
              onClick={() => toggle('nav')}
              aria-label={panel === 'nav' ? t('header.close_menu') : t('header.open_menu')}
              aria-expanded={panel === 'nav'}
              aria-controls={NAV_PANEL_ID}
              data-testid="nav-burger"
            />
          </Group>
        ) : (
          <DesktopNav params={params} onLogout={onLogout} />
        )}
      </Container>
      {isMobile && panel === 'nav' ? <MobileNavPanel params={params} onClose={close} /> : null}
      {isMobile && panel === 'account' && showsAccountMenu(params) ? (
        <MobileAccountPanel params={params} onClose={close} onLogout={onLogout} />
      ) : null}
    </header>
  );
}
