import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useErrorModal } from '../../components/dialogs/error-modal';
import { BusyOverlay } from '../../components/feedback/busy-overlay';
import { PageLoader } from '../../components/feedback/page-loader';
import { SiteFooter } from '../../components/footer/site-footer';
import { SiteHeader } from '../../components/header/site-header';
import { useSignout } from '../../features/auth/api/signout';
import { useSession } from '../../lib/session';
import { UnauthorizedRedirect } from '../unauthorized-redirect';
import classes from './root-layout.module.css';

const HEADER_HEIGHT = 70;
const BORDER_BOX = { box: 'border-box' } as const;

/** Header, main and footer around every screen; also owns sign-out, shared by both header variants. */
export function RootLayout() {
  const { t } = useTranslation('common');
  const { params, isPending } = useSession();
  const { showError } = useErrorModal();
  const signout = useSignout();
  const footer = useElementSize<HTMLElement>(BORDER_BOX);
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  // After client-side navigation, move focus to the new content so keyboard and screen-reader
  // users start at the top of the screen rather than on the link they left.
  useEffect(() => {
    if (pathname !== firstPath.current) {
      firstPath.current = '';
      mainRef.current?.focus({ preventScroll: true });
    }
  }, [pathname]);

  const logout = () => signout.mutate(undefined, { onError: (error) => showError(undefined, error) });

  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        {t('skip_to_content')}
      </a>
      <SiteHeader params={params} onLogout={logout} />
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        className={classes.main}
        // §2: main area is at least the window height minus the 70 px header and the footer.
        style={{ minHeight: `calc(100vh - ${HEADER_HEIGHT}px - ${footer.height}px)` }}
      >
        {isPending ? <PageLoader /> : <Outlet />}
      </main>
      <SiteFooter links={params.footerLinks} ref={footer.ref} />
      {/* Stays up after success too: the page is reloading onto the top page. */}
      <BusyOverlay visible={signout.isPending || signout.isSuccess} />
      <ScrollRestoration />
      <UnauthorizedRedirect />
    </div>
  );
}
