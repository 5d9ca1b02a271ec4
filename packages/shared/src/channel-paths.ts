import { api, type PathId } from './paths';

/**
 * Calls about one channel: `/api/qrchannel/channel/{id}` and `/api/qrchannel/{id}/…`, one named
 * builder a call. The server registers the same builders with its parameter names
 * (`channelPath.tags(':channel')`), so an address is written once for both sides.
 */
export const channelPath = {
  one: (channelId: PathId) => `${api.channels}/${channelId}`,
  /** Any path below the channel: for tests of paths no call has; calls use the builders below. */
  under: (channelId: PathId, rest: string) => `/api/qrchannel/${channelId}/${rest}`,
  /** The channel's own code as a file (`format`: IMAGE_FORMATS). */
  codeDownload: (channelId: PathId, format: PathId) =>
    channelPath.under(channelId, `qrcode/download/${format}`),
  /** Icon or background: POST a picture, DELETE to remove (`?kind=` when given). */
  image: (channelId: PathId, kind?: string) =>
    channelPath.under(channelId, kind === undefined ? 'image' : `image?kind=${kind}`),
  tags: (channelId: PathId) => channelPath.under(channelId, 'tag'),
  tagLink: (channelId: PathId) => channelPath.under(channelId, 'tag/link'),
  /** The follow link of `?tag_ids=` as a QR code file (`format`: IMAGE_FORMATS). */
  tagLinkCode: (channelId: PathId, format: PathId) =>
    channelPath.under(channelId, `tag/link/qrcode/download/${format}`),
  followers: (channelId: PathId) => channelPath.under(channelId, 'followers'),
  followerTags: (channelId: PathId) => channelPath.under(channelId, 'followers/tags'),
  sendlists: (channelId: PathId) => channelPath.under(channelId, 'sendlist'),
  sendlist: (channelId: PathId, sendlistId: PathId) => channelPath.under(channelId, `sendlist/${sendlistId}`),
  sendlistReserved: (channelId: PathId) => channelPath.under(channelId, 'sendlist/reserved'),
  sendlistCount: (channelId: PathId) => channelPath.under(channelId, 'sendlist/count'),
  coupons: (channelId: PathId) => channelPath.under(channelId, 'coupon/image/get'),
  coupon: (channelId: PathId, couponId: PathId) =>
    channelPath.under(channelId, `coupon/image/get/${couponId}`),
  couponSave: (channelId: PathId) => channelPath.under(channelId, 'coupon/image/save'),
  couponDelete: (channelId: PathId) => channelPath.under(channelId, 'coupon/image/delete'),
  /** A coupon's QR code or JAN barcode as PNG. */
  couponCode: (channelId: PathId, couponId: PathId) =>
    channelPath.under(channelId, `coupon/image/${couponId}/code`),
  /** GET a page of messages (?status=&page=), POST saves a draft. */
  messages: (channelId: PathId) => channelPath.under(channelId, 'message'),
  message: (channelId: PathId, messageId: PathId) => channelPath.under(channelId, `message/${messageId}`),
  /** A reserved message, read only. */
  messageReserved: (channelId: PathId, messageId: PathId) =>
    channelPath.under(channelId, `message/reserved/${messageId}`),
  /** POST a message picture (multipart field `image`): answers its `/api/image/…` address. */
  messageImage: (channelId: PathId) => channelPath.under(channelId, 'message/image'),
  messageNotify: (channelId: PathId) => channelPath.under(channelId, 'message/notify'),
  messageCancel: (channelId: PathId) => channelPath.under(channelId, 'message/cancel'),
  messageDelete: (channelId: PathId) => channelPath.under(channelId, 'message/delete'),
  /** POST the editor's message (save body, not saved) as a test push to the operator's own devices. */
  messageTestPush: (channelId: PathId) => channelPath.under(channelId, 'message/test'),
  /** GET the channel's sent A/B tests, newest first (analytics lists their reports). */
  messageAbTests: (channelId: PathId) => channelPath.under(channelId, 'message/abtest'),
  /** GET a message's A/B test: its settings, variants, groups, figures and verdict. */
  messageAbTest: (channelId: PathId, messageId: PathId) =>
    channelPath.under(channelId, `message/abtest/${messageId}`),
  /** GET each group's size for a send list, share and number of variants (the editor, live). */
  messageAbGroups: (channelId: PathId) => channelPath.under(channelId, 'message/abtest/groups'),
  /** GET when the push part of a send would finish (audience, test share, send time). */
  messagePushFinish: (channelId: PathId) => channelPath.under(channelId, 'message/pushfinish'),
  /** POST {message_id, variant}: the operator picks the winner before the waiting time ends. */
  messageAbWinner: (channelId: PathId) => channelPath.under(channelId, 'message/abtest/winner'),
  /** POST {message_id}: a sent message leaves every inbox and becomes publish finished. */
  messageWithdraw: (channelId: PathId) => channelPath.under(channelId, 'message/withdraw'),
  /** Cancels the coupon a sent message carries (`messageId`). */
  couponCancel: (channelId: PathId, messageId: PathId) =>
    channelPath.under(channelId, `coupon/cancel/${messageId}`),
  /** GET every welcome message, POST saves one. */
  welcomeMessages: (channelId: PathId) => channelPath.under(channelId, 'welcomemessage'),
  welcomeMessage: (channelId: PathId, messageId: PathId) =>
    channelPath.under(channelId, `welcomemessage/${messageId}`),
  welcomeNotify: (channelId: PathId) => channelPath.under(channelId, 'welcomemessage/notify'),
  welcomeStop: (channelId: PathId) => channelPath.under(channelId, 'welcomemessage/stop'),
  welcomeDelete: (channelId: PathId) => channelPath.under(channelId, 'welcomemessage/delete'),
  /** The channel's analytics of a range tab (?range[&from&to]). */
  analytics: (channelId: PathId) => channelPath.under(channelId, 'analytics'),
  /** Download route (a page address, not under /api): the CSV of the days from start_date to end_date. */
  analyticsCsv: (channelId: PathId, start?: number, end?: number) =>
    `/qrchannel/${channelId}/analytics/csv/get/${start === undefined ? '' : `?start_date=${start}&end_date=${end ?? start}`}`,
} as const;
