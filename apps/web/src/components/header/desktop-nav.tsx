import { Button, Group } from '@mantine/core';
import type { PageParams } from '@qrqr/shared/page-params';
import { paths } from '@qrqr/shared/paths';
import { Suspense, useState } from 'react';
import { lazyWithTimeout } from '../../lib/lazy-with-timeout';
import { Link } from '../../lib/router';
import { useTranslation } from '../../lib/use-translation';
import { ButtonLink } from '../button-link';
import { AccountButton } from './account-button';
import { channelHref, registerHref, showsAccountMenu } from './header-links';
import { ChatIcon } from './icons';

const AccountMenu = lazyWithTimeout(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

interface DesktopNavProps {
  params: PageParams;
  onLogout: () => void;
}

export function DesktopNav({ params, onLogout }: DesktopNavProps) {
  const { t } = useTranslation('common');
  // A click on the button before the menu's code arrives is kept: the menu then opens at once.
  const [clickedEarly, setClickedEarly] = useState(false);
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
        // The menu (Mantine's Menu and floating-ui) loads after the first paint; until then its button.
        <Suspense
          fallback={
            <AccountButton
              userName={params.userName}
              aria-busy={clickedEarly}
              onClick={() => setClickedEarly(true)}
            />
          }
        >
          <AccountMenu params={params} onLogout={onLogout} defaultOpened={clickedEarly} />
        </Suspense>
      ) : null}
    </Group>
  );
}
