/**
 * The one factory of query keys about channels. Everything cached about one channel sits under
 * `channelKeys.all(id)`, so one call refreshes (or, once the channel is deleted, drops) all of it;
 * each feature's root sits below it and the feature adds its own parts after that root
 * (`[...channelKeys.tags(id), 'list', query]`), so invalidating the root reaches them all.
 */
export const channelKeys = {
  /** The member's channels (switcher, layout): creating, renaming or deleting one invalidates it. */
  list: ['channels'] as const,
  all: (channelId: number) => ['channel', channelId] as const,
  tags: (channelId: number) => [...channelKeys.all(channelId), 'tags'] as const,
  followers: (channelId: number) => [...channelKeys.all(channelId), 'followers'] as const,
  sendlists: (channelId: number) => [...channelKeys.all(channelId), 'sendlists'] as const,
  coupons: (channelId: number) => [...channelKeys.all(channelId), 'coupons'] as const,
  messages: (channelId: number) => [...channelKeys.all(channelId), 'messages'] as const,
  welcomeMessages: (channelId: number) => [...channelKeys.all(channelId), 'welcome-messages'] as const,
};
