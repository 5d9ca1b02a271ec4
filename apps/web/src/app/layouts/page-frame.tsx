import { useElementSize } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef } from 'react';
import { useErrorModal } from '../../components/dialogs/error-modal';
import { BusyOverlay } from '../../components/feedback/busy-overlay';
import { SiteFooter } from '../../components/footer/site-footer';
import { useSignout } from '../../features/auth/api/signout';
import { ScrollRestoration, useLocation } from '../../lib/router';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/use-translation';
import { UnauthorizedRedirect } from '../unauthorized-redirect';
import classes from './root-layout.module.css';

const HEADER_HEIGHT = 70;
const BORDER_BOX = { box: 'border-box' } as const;

interface PageFrameProps {
  /** The header, given the sign-out action its account menu offers. */
  header: (logout: () => void) => ReactNode;
  /** Navigation beside the main area (the channel sidebar on wide screens). */
  sidebar?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Skip link, header, main and footer; owns sign-out, shared by every header variant. */
export function PageFrame({ header, sidebar, children, className }: PageFrameProps) {
  const { t } = useTranslation('common');
  const { params } = useSession();
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
  // The main area is at least the window height minus the 70 px header and the footer.
  const minHeight = `calc(100vh - ${HEADER_HEIGHT}px - ${footer.height}px)`;
  const main = (
    <main id="main" ref={mainRef} tabIndex={-1} className={classes.main} style={{ minHeight }}>
      {children}
    </main>
  );

  return (
    <div className={className ? `${classes.shell} ${className}` : classes.shell}>
      <a href="#main" className={classes.skip}>
        {t('skip_to_content')}
      </a>
      {header(logout)}
      {sidebar ? (
        <div className={classes.withSidebar} style={{ minHeight }}>
          {sidebar}
          {main}
        </div>
      ) : (
        main
      )}
      <SiteFooter links={params.footerLinks} ref={footer.ref} />
      {/* Stays up after success too: the page is reloading onto the top page. */}
      <BusyOverlay visible={signout.isPending || signout.isSuccess} />
      <ScrollRestoration />
      <UnauthorizedRedirect />
    </div>
  );
}
