import type { VARIANT_LETTERS } from '@qrqr/shared/ab-test-constants';
import type { AbGroupsAnswer, AbTestListAnswer, AbTestReportAnswer } from '@qrqr/shared/ab-test-schemas';
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

/** GET …/message/abtest: the channel's sent tests, newest first. */
export function useAbTests(channelId: number) {
  return useQuery({
    queryKey: [...abKeys(channelId), 'list'],
    queryFn: () => apiGet<AbTestListAnswer>(channelPath.messageAbTests(channelId)),
  });
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
