/** The two query parameters every channel screen carries. */
export const CHANNEL_ID_PARAM = 'channel_id';
export const VIEW_MODE_PARAM = 'view_mode';
export const VIEW_MODE_PC = 'pc';

export interface ChannelQuery {
  /** The channel the URL asks for; null when absent or not a positive integer. */
  channelId: number | null;
  /** view_mode=pc: the PC layout even on a phone. */
  viewModePc: boolean;
}

/** Read once by the channel layout; screens take the result from useCurrentChannel(). */
export function readChannelQuery(search: URLSearchParams): ChannelQuery {
  const raw = search.get(CHANNEL_ID_PARAM) ?? '';
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  return { channelId: id, viewModePc: search.get(VIEW_MODE_PARAM) === VIEW_MODE_PC };
}

export type ExtraQuery = Record<string, string | number | undefined>;

/** A link to a channel screen with the channel and view mode kept, plus the screen's own query. */
export function channelLink(path: string, query: ChannelQuery, extra: ExtraQuery = {}): string {
  const search = new URLSearchParams();
  if (query.channelId !== null) search.set(CHANNEL_ID_PARAM, String(query.channelId));
  if (query.viewModePc) search.set(VIEW_MODE_PARAM, VIEW_MODE_PC);
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
