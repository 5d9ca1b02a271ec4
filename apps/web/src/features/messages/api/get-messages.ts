import { channelPath } from '@qrqr/shared/channel-paths';
import { MESSAGE_STATUSES, type MessageStatusFilter } from '@qrqr/shared/message-constants';
import type { MessageListAnswer } from '@qrqr/shared/message-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

/** What the list asks for: one status (-1 all) and a page of 20, newest first. */
export interface MessageSearch {
  status: MessageStatusFilter;
  page: number;
}

/** What the list shows first: every status, the first page. */
export const FIRST_MESSAGE_SEARCH: MessageSearch = { status: MESSAGE_STATUSES.all, page: 1 };

export const messagesQueryOptions = (channelId: number, search: MessageSearch) =>
  queryOptions({
    // Saving, reserving, cancelling or deleting invalidates channelKeys.messages: every page and message.
    queryKey: [...channelKeys.messages(channelId), 'list', search] as const,
    queryFn: () =>
      apiGet<MessageListAnswer>(channelPath.messages(channelId), {
        status: String(search.status),
        page: String(search.page),
      }),
    placeholderData: keepPreviousData,
  });

/** GET …/message?status=&page=: one page of the channel's messages. */
export function useMessages(channelId: number, search: MessageSearch) {
  return useQuery(messagesQueryOptions(channelId, search));
}
