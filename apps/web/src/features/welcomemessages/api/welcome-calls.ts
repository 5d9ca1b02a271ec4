import { channelPath } from '@qrqr/shared/channel-paths';
import type { DeletedCountAnswer } from '@qrqr/shared/tag-schemas';
import type {
  SaveWelcomeMessageInput,
  WelcomeMessageAnswer,
  WelcomeMessageDto,
  WelcomeMessageListAnswer,
} from '@qrqr/shared/welcome-message-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export function welcomeMessagesQueryOptions(channelId: number) {
  const url = channelPath.welcomeMessages(channelId);
  return queryOptions({
    queryKey: [...channelKeys.welcomeMessages(channelId), 'list'],
    queryFn: () => apiGet<WelcomeMessageListAnswer>(url),
  });
}

/** GET …/welcomemessage: every welcome message of the channel, newest first. */
export function useWelcomeMessages(channelId: number) {
  return useQuery(welcomeMessagesQueryOptions(channelId));
}

export function welcomeMessageQueryOptions(channelId: number, id: number | undefined) {
  const url = channelPath.welcomeMessage(channelId, id ?? 0);
  return queryOptions({
    queryKey: [...channelKeys.welcomeMessages(channelId), 'one', id],
    queryFn: async () => (await apiGet<WelcomeMessageAnswer>(url)).message,
    enabled: id !== undefined,
  });
}

/** GET …/welcomemessage/{id} (none asked when `id` is undefined). */
export function useWelcomeMessage(channelId: number, id: number | undefined) {
  return useQuery(welcomeMessageQueryOptions(channelId, id));
}

function useWelcomeMutation<I, O>(channelId: number, call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.welcomeMessages(channelId) }),
  });
}

/** POST …/welcomemessage: saves one (new, or `message_id` while it is not on). */
export function useSaveWelcome(channelId: number) {
  return useWelcomeMutation(
    channelId,
    async (body: SaveWelcomeMessageInput): Promise<WelcomeMessageDto> =>
      (await apiPost<WelcomeMessageAnswer>(channelPath.welcomeMessages(channelId), body)).message,
  );
}

/** POST …/welcomemessage/notify: turns it on; `stop_other` once the operator agreed to stop the one on. */
export function useNotifyWelcome(channelId: number) {
  return useWelcomeMutation(
    channelId,
    async ({ id, stopOther }: { id: number; stopOther: boolean }) =>
      (
        await apiPost<WelcomeMessageAnswer>(channelPath.welcomeNotify(channelId), {
          message_id: id,
          stop_other: stopOther,
        })
      ).message,
  );
}

/** POST …/welcomemessage/stop. */
export function useStopWelcome(channelId: number) {
  return useWelcomeMutation(
    channelId,
    async (id: number) =>
      (await apiPost<WelcomeMessageAnswer>(channelPath.welcomeStop(channelId), { message_id: id })).message,
  );
}

/** POST …/welcomemessage/delete: several at once. */
export function useDeleteWelcomes(channelId: number) {
  return useWelcomeMutation(
    channelId,
    async (ids: number[]) =>
      (await apiPost<DeletedCountAnswer>(channelPath.welcomeDelete(channelId), { message_ids: ids }))
        .deleted_count,
  );
}
