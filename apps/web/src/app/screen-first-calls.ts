import { ANALYTICS_RANGES, ANALYTICS_SOURCES } from '@qrqr/shared/analytics-constants';
import { readGraphQueryOptions } from '../features/analytics/api/get-read-graph';
import { readLogQueryOptions } from '../features/analytics/api/get-read-log';
import { channelAnalyticsQueryOptions } from '../features/chanalytics/api/get-channel-analytics';
import { channelsQueryOptions } from '../features/channels/api/get-channels';
import { industriesQueryOptions } from '../features/channels/api/get-industries';
import { couponQueryOptions, couponsQueryOptions } from '../features/coupons/api/get-coupons';
import { followersQueryOptions } from '../features/followers/api/get-followers';
import { messageQueryOptions } from '../features/messages/api/get-message';
import { FIRST_MESSAGE_SEARCH, messagesQueryOptions } from '../features/messages/api/get-messages';
import { qrcodesQueryOptions } from '../features/qrcodes/api/get-qrcodes';
import { channelTagsQueryOptions } from '../features/sendlists/api/get-channel-tags';
import { sendlistQueryOptions } from '../features/sendlists/api/get-sendlist';
import { sendlistsQueryOptions } from '../features/sendlists/api/get-sendlists';
import { newsQueryOptions } from '../features/service/api/get-news';
import { NEWS_PAGE_LIMIT } from '../features/service/lib/news-page';
import { shareMessageOptions } from '../features/sharing/api/share-calls';
import { tagsQueryOptions } from '../features/tags/api/get-tags';
import {
  welcomeMessageQueryOptions,
  welcomeMessagesQueryOptions,
} from '../features/welcomemessages/api/welcome-calls';
import { wifiCodesQueryOptions } from '../features/wifi/api/get-codes';
import { wifiPageQueryOptions } from '../features/wifi/api/get-page';
import { FIRST_WIFI_PAGE_SEARCH, wifiPagesQueryOptions } from '../features/wifi/api/get-pages';

/**
 * The data each screen's first paint waits for, declared once: the query options its hooks use
 * (each feature's `api/`), with the parameters the screen starts with. The build runs each query's
 * own function against a fetch that only records the address (`firstCallsOf`) and writes the
 * addresses into screen-preloads.json (screen-modules.ts); for a signed-in member's first visit
 * the server runs them with the member's cookies and writes their answers into the page
 * (apps/server/src/platform/page/first-answers.ts), and the app's first GET of each address takes its
 * answer (lib/first-answers.ts). No address is written twice, so none can drift from what the
 * screen asks. Read by the build and the tests only: app/screens.ts, which every first visit
 * loads, stays free of the features' calls. Keyed by the screen modules of app/screens.ts.
 */

/** A screen's parameters: from its path (`:id`) or its page's query (`?channel_id=`). */
export interface ScreenParams {
  channelId: number;
  messageId: number;
  sendlistId: number;
  couponId: number;
  copyOf: number;
  welcomePageId: number;
  /** A QR code's id (the read log's path). */
  codeId: string;
  /** The interface language: in some queries' keys, never in an address. */
  language: string;
}

type Numbered = Exclude<keyof ScreenParams, 'language'>;

/**
 * The name each parameter has in an address template (`{name}`, filled by the server from the
 * screen's path or its page's query), and a stand-in no real address contains, which the queries
 * are built with and which is then replaced by that name.
 */
const PARAMS: Record<Numbered, { name: string; standIn: number }> = {
  channelId: { name: 'channel_id', standIn: 987_650_001 },
  messageId: { name: 'message_id', standIn: 987_650_002 },
  sendlistId: { name: 'sendlist_id', standIn: 987_650_003 },
  couponId: { name: 'coupon_img_id', standIn: 987_650_004 },
  copyOf: { name: 'copy_of', standIn: 987_650_005 },
  welcomePageId: { name: 'welcome_page_id', standIn: 987_650_006 },
  codeId: { name: 'id', standIn: 987_650_007 },
};

/** What the build needs of query options: the function that asks (all of ours are GETs). */
export interface FirstQuery {
  queryKey: readonly unknown[];
  queryFn?: unknown;
}

/** A screen's first queries, in the order they are run (at most six a page are). */
export type FirstQueries = (params: ScreenParams) => readonly FirstQuery[];

/** The channel screens' shared starts. */
const messageList: FirstQueries = (p) => [
  messagesQueryOptions(p.channelId, FIRST_MESSAGE_SEARCH),
  sendlistsQueryOptions(p.channelId),
];
const welcomeList: FirstQueries = (p) => [welcomeMessagesQueryOptions(p.channelId)];
const wifiList: FirstQueries = () => [wifiPagesQueryOptions(FIRST_WIFI_PAGE_SEARCH)];
const industries: FirstQueries = (p) => [industriesQueryOptions(p.language)];

export const screenFirstQueries: Readonly<Record<string, FirstQueries>> = {
  // The member's channels: the channel layout shows a screen only once it knows the current one.
  'app/routes/channel-root': () => [channelsQueryOptions],
  'features/qrcodes/routes/qr-list-page': () => [qrcodesQueryOptions({ page: 1 })],
  // The read log's code and its default week of both sources, and the share dialog's call.
  'app/routes/read-log-route': (p) => [
    readLogQueryOptions(p.codeId),
    readGraphQueryOptions(p.codeId, { type: ANALYTICS_SOURCES.both, range: ANALYTICS_RANGES.week }),
    shareMessageOptions(p.codeId),
  ],
  'features/messages/routes/message-list-page': messageList,
  'features/messages/routes/message-edit-page': (p) => [
    channelTagsQueryOptions(p.channelId),
    couponsQueryOptions(p.channelId),
    sendlistsQueryOptions(p.channelId),
    messageQueryOptions(p.channelId, p.messageId),
  ],
  'features/welcomemessages/routes/welcome-list-page': welcomeList,
  'features/welcomemessages/routes/welcome-edit-page': (p) => [
    channelTagsQueryOptions(p.channelId),
    couponsQueryOptions(p.channelId),
    welcomeMessageQueryOptions(p.channelId, p.messageId),
  ],
  'features/tags/routes/tag-list-page': (p) => [tagsQueryOptions(p.channelId)],
  // Followers with tags, composed in app/routes.
  'app/routes/channel-users-route': (p) => [
    followersQueryOptions(p.channelId, 1, []),
    tagsQueryOptions(p.channelId),
  ],
  'features/sendlists/routes/sendlist-list-page': (p) => [
    sendlistsQueryOptions(p.channelId),
    channelTagsQueryOptions(p.channelId),
  ],
  'features/sendlists/routes/sendlist-edit-page': (p) => [
    channelTagsQueryOptions(p.channelId),
    sendlistQueryOptions(p.channelId, p.sendlistId),
  ],
  'features/chanalytics/routes/channel-analytics-page': (p) => [
    channelAnalyticsQueryOptions(p.channelId, { range: ANALYTICS_RANGES.week }),
  ],
  'features/coupons/routes/coupon-list-page': (p) => [couponsQueryOptions(p.channelId)],
  // The coupon edited, or the one copied.
  'features/coupons/routes/coupon-create-page': (p) => [
    couponQueryOptions(p.channelId, p.couponId),
    couponQueryOptions(p.channelId, p.copyOf),
  ],
  'features/channel-settings/routes/channel-settings-page': industries,
  // The form waits for the industries (bench:web-weight: asked after the takeover, at 3.1 s).
  'features/channels/routes/channel-create-page': industries,
  'app/routes/channel-news-route': () => [newsQueryOptions(NEWS_PAGE_LIMIT)],
  'features/wifi/routes/wifi-list-page': wifiList,
  'features/wifi/routes/wifi-create-page': (p) => [
    wifiCodesQueryOptions(),
    wifiPageQueryOptions(p.welcomePageId),
  ],
};

const STAND_INS: ScreenParams = {
  ...(Object.fromEntries(Object.entries(PARAMS).map(([key, { standIn }]) => [key, standIn])) as Record<
    Numbered,
    number
  >),
  codeId: String(PARAMS.codeId.standIn),
  language: 'ja',
};

/**
 * The address each query asks, as a template: its function is run against a fetch that records
 * the address and never answers, the stand-ins replaced by their `{name}`.
 */
export async function addressesOf(queries: readonly FirstQuery[]): Promise<string[]> {
  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (typeof input !== 'string' || !input.startsWith('/')) return realFetch(input, init);
    asked.push(input);
    return new Promise<Response>(() => {});
  }) as typeof fetch;
  try {
    for (const query of queries) {
      const before = asked.length;
      if (typeof query.queryFn !== 'function')
        throw new Error(`${JSON.stringify(query.queryKey)} has no query function`);
      void Promise.resolve(
        query.queryFn({ queryKey: query.queryKey, signal: new AbortController().signal }),
      ).catch(() => {});
      // A query function may ask after an await of its own.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (asked.length !== before + 1)
        throw new Error(
          `${JSON.stringify(query.queryKey)} asked ${asked.length - before} addresses, not one`,
        );
    }
  } finally {
    globalThis.fetch = realFetch;
  }
  return asked.map((url) =>
    Object.values(PARAMS).reduce(
      (out, { name, standIn }) => out.split(String(standIn)).join(`{${name}}`),
      url,
    ),
  );
}

/** The first calls of a screen module, as address templates (none for a screen not listed). */
export function firstCallsOf(module: string): Promise<string[]> {
  const queries = screenFirstQueries[module];
  return queries ? addressesOf(queries(STAND_INS)) : Promise.resolve([]);
}
