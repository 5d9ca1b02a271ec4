import type { VARIANT_LETTERS } from '@qrqr/shared/ab-test-constants';
import type { AbGroupsAnswer, AbTestListAnswer, AbTestReportAnswer } from '@qrqr/shared/ab-test-schemas';
import type { AnalyticsRange } from '@qrqr/shared/analytics-constants';
import { channelPath } from '@qrqr/shared/channel-paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

const abKeys = (channelId: number) => [...channelKeys.messages(channelId), 'abtest'] as const;

/**
 * GET …/message/abtest/groups: each group's size if the message went out now (asked only with a
 * share the server takes and a send list chosen); the last answer stays while the next is asked.
 */
export function useAbGroups(
  channelId: number,
  query: { send_list_id: number | null; share_percent: number; variants: number } | null,
) {
  return useQuery({
    queryKey: [...abKeys(channelId), 'groups', query],
    queryFn: () =>
      apiGet<AbGroupsAnswer>(channelPath.messageAbGroups(channelId), {
        send_list_id: query?.send_list_id ?? '',
        share_percent: query?.share_percent,
        variants: query?.variants,
      }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET …/message/abtest/{id}: a sent test's figures, verdict and winner's send. */
export function useAbTestReport(channelId: number, messageId: number) {
  return useQuery({
    queryKey: [...abKeys(channelId), 'report', messageId],
    queryFn: () => apiGet<AbTestReportAnswer>(channelPath.messageAbTest(channelId, messageId)),
  });
}

/**
 * GET …/message/abtest?range[&from&to]: the channel's sent tests that ran in analytics' range,
 * newest first; the tests shown stay while another range loads, as the rest of the page does.
 */
export function useAbTests(channelId: number, range: AbTestRange) {
  return useQuery({
    queryKey: [...abKeys(channelId), 'list', range],
    queryFn: () =>
      apiGet<AbTestListAnswer>(channelPath.messageAbTests(channelId), {
        range: String(range.range),
        ...(range.from && range.to ? { from: range.from, to: range.to } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

/** The range tab of channel analytics (custom days only with the custom tab). */
export interface AbTestRange {
  range: AnalyticsRange;
  from?: string;
  to?: string;
}

/** POST …/message/abtest/winner: the operator's pick while the test waits. */
export function usePickWinner(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { message_id: number; variant: (typeof VARIANT_LETTERS)[number] }) =>
      apiPost<AbTestReportAnswer>(channelPath.messageAbWinner(channelId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all(channelId) }),
  });
}
