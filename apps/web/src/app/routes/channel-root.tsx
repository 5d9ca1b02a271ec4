import { paths } from '@qrqr/shared/paths';
import { useEffect } from 'react';
import { PageLoader } from '../../components/feedback/page-loader';
import { channelRegisterHref } from '../../components/header/header-links';
import { useChannelArea } from '../../features/channels/layout/channel-area';
import { ChannelAreaProvider } from '../../features/channels/layout/channel-area-provider';
import { ChannelHeader } from '../../features/channels/layout/channel-header';
import { ChannelContent, ChannelSideColumn } from '../../features/channels/layout/channel-layout';
import layoutClasses from '../../features/channels/layout/channel-layout.module.css';
import { isAppScreen } from '../../lib/app-screen';
import { Navigate, useLocation, useMatches } from '../../lib/router';
import { signinUrl } from '../../lib/safe-next';
import { useSession } from '../../lib/session';
import { useScreenTexts } from '../../lib/use-screen-texts';
import { PageFrame } from '../layouts/page-frame';
import type { ChannelRouteHandle } from '../routes';
import { CHANNEL_AREA_TEXTS } from '../screens';

/**
 * The channel area's layout route: a signed-in member of the channel service gets the channel
 * header, sidebar and footer around the screen; others go to sign-in or to registration.
 */
export function ChannelRoot() {
  const { params, isPending } = useSession();
  const location = useLocation();
  const handle = useMatches().at(-1)?.handle as ChannelRouteHandle | undefined;
  // The channel screens' texts are not in the language file every first visit loads.
  const texts = useScreenTexts(CHANNEL_AREA_TEXTS);
  if (isPending || !texts) return <PageLoader />;
  if (params.isGuest) {
    return <Navigate to={signinUrl(paths.signin, location.pathname + location.search)} replace />;
  }
  if (!params.isUserRegisteredChannelService) return <ToRegistration href={channelRegisterHref(params)} />;
  return (
    <ChannelAreaProvider logoType={handle?.logoType ?? 1}>
      <ChannelFrame needsChannel={handle?.needsChannel ?? true} />
    </ChannelAreaProvider>
  );
}

/** Registration is a screen of ours unless the operator's QR_CHANNEL_REGISTER_URL moves it elsewhere. */
function ToRegistration({ href }: { href: string }) {
  const external = !isAppScreen(href);
  useEffect(() => {
    if (external) window.location.replace(href);
  }, [external, href]);
  return external ? <PageLoader /> : <Navigate to={href} replace />;
}

function ChannelFrame({ needsChannel }: { needsChannel: boolean }) {
  const { params } = useSession();
  const { phoneDevice, query } = useChannelArea();
  return (
    <PageFrame
      header={(logout) => <ChannelHeader params={params} onLogout={logout} />}
      sidebar={<ChannelSideColumn />}
      className={phoneDevice && query.viewModePc ? layoutClasses.pcWidth : undefined}
    >
      <ChannelContent needsChannel={needsChannel} />
    </PageFrame>
  );
}
