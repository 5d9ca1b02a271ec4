import { channelPath } from '@qrqr/shared/channel-paths';
import type { PushFinishAnswer } from '@qrqr/shared/push-finish-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export interface PushFinishAsk {
  send_list_id: number | null;
  /** Unix seconds, or null to send at once. */
  send_dt: number | null;
  /** The A/B test's share and parts, or null without a test. */
  share_percent: number | null;
  variants: number | null;
}

/**
 * GET …/message/pushfinish: when the send's pushes would finish if reserved now (asked only once
 * an audience is chosen); the last answer stays while the next is asked, and a send "now" is asked
 * again every minute, as now moves on.
 */
export function usePushFinish(channelId: number, ask: PushFinishAsk | null) {
  return useQuery({
    queryKey: [...channelKeys.messages(channelId), 'push-finish', ask],
    queryFn: () =>
      apiGet<PushFinishAnswer>(channelPath.messagePushFinish(channelId), {
        send_list_id: ask?.send_list_id ?? '',
        send_dt: ask?.send_dt ?? '',
        share_percent: ask?.share_percent ?? '',
        variants: ask?.variants ?? '',
      }),
    enabled: ask !== null,
    placeholderData: keepPreviousData,
    refetchInterval: ask?.send_dt == null ? 60_000 : false,
  });
}
