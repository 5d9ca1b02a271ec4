import { PageLoader } from '../../components/feedback/page-loader';
import { SiteHeader } from '../../components/header/site-header';
import { Outlet } from '../../lib/router';
import { useSession } from '../../lib/session';
import { PageFrame } from './page-frame';

/** Header, main and footer around every screen outside the channel area. */
export function RootLayout() {
  const { params, isPending } = useSession();
  return (
    <PageFrame header={(logout) => <SiteHeader params={params} onLogout={logout} />}>
      {isPending ? <PageLoader /> : <Outlet />}
    </PageFrame>
  );
}
