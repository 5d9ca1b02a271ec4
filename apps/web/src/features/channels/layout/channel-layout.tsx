import { paths } from '@qrqr/shared/paths';
import { PageLoader } from '../../../components/feedback/page-loader';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { Navigate, Outlet } from '../../../lib/router';
import { useChannels } from '../api/get-channels';
import { useChannelArea } from './channel-area';
import classes from './channel-layout.module.css';
import { ChannelSidebar } from './channel-sidebar';

/** The sidebar column of wide screens; in the phone layout the sidebar is a header panel instead. */
export function ChannelSideColumn() {
  const { phoneLayout } = useChannelArea();
  if (phoneLayout) return null;
  return (
    <div className={classes.sideColumn}>
      <ChannelSidebar />
    </div>
  );
}

/**
 * The main area of a channel screen. Screens that need a channel render once it is known (a member
 * without one is sent to create it); each channel's screens mount afresh, so no state crosses over.
 */
export function ChannelContent({ needsChannel }: { needsChannel: boolean }) {
  const { channel } = useChannelArea();
  const channels = useChannels();
  if (channels.isPending) return <PageLoader />;
  if (channels.isError) {
    return (
      <div className={classes.content}>
        <RetryAlert error={channels.error} onRetry={() => void channels.refetch()} />
      </div>
    );
  }
  if (needsChannel && !channel) return <Navigate to={paths.channelCreate} replace />;
  return (
    <div className={classes.content}>
      {/* Channel screens remount per channel; the others (create, news) stay put when one appears. */}
      <Outlet key={needsChannel ? channel?.channel_id : 'area'} />
    </div>
  );
}
