import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Times are Unix milliseconds (integers) in both dialects: one representation,
 * and day buckets in Asia/Tokyo are plain arithmetic on either database.
 */

export interface UsersTable {
  id: string;
  email: string;
  status: 'pending' | 'active';
  user_name: string;
  company_name: string;
  password_hash: string | null;
  locale: string;
  /** Set by the sign-up variant that carries a guest's codes over at activation. */
  carry_over_key: string | null;
  channel_service_registered: number;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value; the raw value never reaches the database. */
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export type ConfirmationPurpose = 'activation' | 'password_reset' | 'email_change';

export interface ConfirmationsTable {
  id: Generated<number>;
  user_id: string;
  purpose: ConfirmationPurpose;
  code_hash: string;
  new_email: string | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: number;
}

/** A unit of background work (platform/jobs/jobs.ts); `payload` is JSON. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  key: string;
  payload: string;
  /** pending → running (claimed until `locked_until`) → done | failed; a failed attempt goes back to pending. */
  state: 'pending' | 'running' | 'done' | 'failed';
  run_after: number;
  attempts: number;
  max_attempts: number;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

/** One QR code; `id` is the unguessable `qr_data_id` of the calls. */
export interface QrCodesTable {
  id: string;
  /** Null for a guest's code, which `guest_key_hash` ties to the browser's history cookie. */
  user_id: string | null;
  guest_key_hash: string | null;
  tab: 0 | 1 | 2;
  type: 1 | 3;
  title: string;
  title_folded: string;
  /** The URL, the text, or the SSID of a Wi-Fi code. */
  content: string;
  /** Exactly what the code holds. */
  payload: string;
  /** What the printed code holds: none 0 (its content), redirect 1, secret 2. */
  analysis_type: 0 | 1 | 2;
  /** 1 while a redirect or secret code does not count reads (read-log page switch, migration 0012). */
  analytics_paused: Generated<number>;
  short_code: string | null;
  secret_token: string | null;
  wifi_name: string | null;
  wifi_ssid: string | null;
  wifi_password: string | null;
  wifi_encryption: string | null;
  wifi_hidden: number | null;
  wifi_expire_hours: number | null;
  /** When the Wi-Fi settings were last set: the expiry counts from then (null: from created_at). */
  wifi_set_at: number | null;
  /** The design's JSON (QrDesign of @qrqr/shared, migration 0030); null draws the plain code. */
  design: string | null;
  version: number;
  read_count: number;
  created_at: number;
  updated_at: number;
}

/** A member's named design (migration 0030), applied to new codes; modules/qrstyles owns it. */
export interface QrStylesTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  /** QrDesign of @qrqr/shared as JSON. */
  design: string;
  created_at: number;
}

export interface QrReadsTable {
  id: Generated<number>;
  qr_id: string;
  read_at: number;
  /** 1 = our reader, 2 = other apps through /r/. */
  source: number;
  visitor_hash: string | null;
  country: string | null;
  os: string | null;
}

/** The random key of one Asia/Tokyo day for visitor hashes; deleted after 48 hours. */
export interface ReadSaltsTable {
  day: string;
  salt: string;
  created_at: number;
}

export interface NewsItemsTable {
  id: Generated<number>;
  title_ja: string;
  body_ja: string;
  title_en: string | null;
  body_en: string | null;
  published_at: number;
  created_at: number;
}

/**
 * Failed sign-ins of one e-mail address, known account or not (so the answer reveals nothing).
 * Keyed by the SHA-256 of the normalised address: no address is kept for a stranger's typo.
 */
export interface SignInLocksTable {
  email_hash: string;
  /** Failures since the last lock or success. */
  failures: number;
  /** Locks so far; each doubles the next one's length. */
  locks: number;
  /** 0 when not locked. */
  locked_until: number;
  updated_at: number;
}

/** The industry list of the channel create form; a sub-industry has its industry as parent. */
export interface IndustriesTable {
  id: number;
  parent_id: number | null;
  name_ja: string;
  name_en: string;
  sort_order: number;
}

/** A channel (a member's shop or brand); its later tables cascade from it. */
export interface ChannelsTable {
  id: Generated<number>;
  user_id: string;
  /** Random and unguessable: the public page /c/{channel_code}. */
  channel_code: string;
  channel_name: string;
  channel_user_type: 1 | 2;
  industory_id: number | null;
  sub_industory_id: number | null;
  description_short: Generated<string>;
  description_long: Generated<string>;
  address: Generated<string>;
  description_route: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  /** JSON array of {text, url}. */
  relation_links: Generated<string>;
  is_official: Generated<number>;
  /** Name of the icon / background picture in `images` (served at /api/image/{name}). */
  icon_image: string | null;
  background_image: string | null;
  created_at: number;
  updated_at: number;
  /** Changes whenever the audience may have: kept by triggers (migration 0017), never written. */
  audience_version: Generated<number>;
  /** How many follow it: kept by triggers (migration 0026), never written. */
  follower_count: Generated<number>;
  /** Push quiet hours (migration 0022): 1 on; start and end are minutes of the day in Japan. */
  quiet_hours: Generated<number>;
  quiet_start: Generated<number>;
  quiet_end: Generated<number>;
  /** The frequency cap (migration 0031): at most this many messages a follower in 24 h; 0 off. */
  frequency_cap: Generated<number>;
}

/** A channel's tag, put on followers and picked by send lists; owned by the tags module. */
export interface TagsTable {
  id: Generated<number>;
  channel_id: number;
  tag_name: string;
  created_at: number;
}

/** An anonymous device following a channel; owned by the followers module. */
export interface FollowersTable {
  id: Generated<number>;
  channel_id: number;
  /** SHA-256 (hex) of the device id cookie; never the id itself. */
  device_hash: string;
  followed_at: number;
  /** How many tags it holds; kept by triggers on follower_tags (migration 0014), never written. */
  tag_count: Generated<number>;
}

/** A tag on a follower (channel_id repeated so a channel's tag rows are one index range). */
export interface FollowerTagsTable {
  follower_id: number;
  tag_id: number;
  channel_id: number;
}

/** Sharing module: an accepted share of a code's read log with a member (0/1 permission flags). */
export interface QrSharesTable {
  qr_id: string;
  user_id: string;
  can_view: number;
  can_edit_title: number;
  can_delete_code: number;
  can_manage_users: number;
  created_at: number;
}

/** Sharing module: an open invitation; only a SHA-256 of its one-time code is kept. */
export interface ShareInvitationsTable {
  id: Generated<number>;
  qr_id: string;
  /** Normalised (trimmed, lower case) invited address. */
  email: string;
  code_hash: string;
  can_view: number;
  can_edit_title: number;
  can_delete_code: number;
  can_manage_users: number;
  invited_by: string | null;
  expires_at: number;
  created_at: number;
}

/** Read rollups (analytics module): one row per code and Asia/Tokyo day. */
export interface ReadDaysTable {
  qr_id: string;
  day: string;
  official: number;
  other: number;
  uniques_official: number;
  uniques_other: number;
}

/** One row per code, day and value of a dimension: c country, p prefecture, o operating system. */
export interface ReadDimsTable {
  qr_id: string;
  day: string;
  dim: 'c' | 'p' | 'o';
  value: string;
  official: number;
  other: number;
}

/** The day's visitor or reader-device hashes, kept 48 hours to count unique users. */
export interface ReadVisitorsTable {
  qr_id: string;
  day: string;
  visitor: string;
  source: number;
  created_at: number;
}

/** A send list of a channel (followers chosen by two tag boxes); owned by the sendlists module. */
export interface SendlistsTable {
  id: Generated<number>;
  channel_id: number;
  sendlist_name: string;
  box_filter_1: number;
  box_filter_2: number;
  created_at: number;
  updated_at: number;
}

/** A tag of one box (1 or 2) of a send list; channel_id repeated for the E-710 lookup. */
export interface SendlistTagsTable {
  sendlist_id: number;
  box: number;
  tag_id: number;
  channel_id: number;
}

// Images and coupons (migration 0008): platform/media/images.ts owns `images`, modules/coupons `coupons`.

/** A stored picture: re-encoded, metadata-free bytes served at /api/image/{name}. */
export interface ImagesTable {
  id: Generated<number>;
  /** The owner: a channel, or a member without one (migration 0033); exactly one is set. */
  channel_id: number | null;
  user_id: string | null;
  purpose: string;
  /** `{128-bit hex content hash}.{jpg|png}`: the same name always means the same bytes. */
  name: string;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  data: Buffer;
  created_at: number;
}

/** A coupon of a channel's library (its image and design, fields as the Wi-Fi page's coupon_*). */
export interface CouponsTable {
  id: Generated<number>;
  channel_id: number;
  image_id: number | null;
  discount_type: number;
  item_name: string;
  value_percent: number | null;
  value_yen: number | null;
  regular_price: number | null;
  coupon_price: number | null;
  free_text_small: Generated<string>;
  free_text_large: Generated<string>;
  text_color: string;
  text_shadow: number;
  coupon_text: Generated<string>;
  available_count: number;
  code_type: number;
  code_text: Generated<string>;
  date_from: string;
  date_to: string;
  created_at: number;
}

// Wi-Fi welcome pages (migration 0021): modules/wifi owns these tables.

export interface WifiPagesTable {
  id: Generated<number>;
  user_id: string;
  channel_id: number;
  code: string;
  title: string;
  title_folded: string;
  header_type: number;
  header_text: string;
  header_image_id: number | null;
  free_text: string;
  footer_text: string;
  text_color: string;
  background_color: string;
  background_image_id: number | null;
  relation_links: string;
  coupon_type: number | null;
  coupon_content: Generated<string>;
  coupon_value_percent: number | null;
  coupon_value_off: number | null;
  coupon_regular_price: number | null;
  coupon_price: number | null;
  coupon_free_text_small: Generated<string>;
  coupon_free_text_large: Generated<string>;
  coupon_text_color: Generated<string>;
  coupon_text_shadow: Generated<number>;
  coupon_text_detail: Generated<string>;
  coupon_available_count: Generated<number>;
  coupon_used_count: Generated<number>;
  coupon_code_type: Generated<number>;
  coupon_code_text: Generated<string>;
  coupon_image_id: number | null;
  coupon_image_draft_id: number | null;
  created_at: number;
  updated_at: number;
}

// Messages (migrations 0018-0020): modules/messaging owns `messages`, `message_deliveries`,
// `welcome_messages` and `welcome_deliveries`, modules/coupons
// `coupon_copies`.

/** A coupon as a message carried it when reserved (the library coupon's fields, frozen). */
export interface CouponCopiesTable {
  id: Generated<number>;
  channel_id: number;
  /** The library coupon it was copied from (it may be gone since). */
  coupon_id: number | null;
  image_id: number | null;
  discount_type: number;
  item_name: string;
  value_percent: number | null;
  value_yen: number | null;
  regular_price: number | null;
  coupon_price: number | null;
  free_text_small: Generated<string>;
  free_text_large: Generated<string>;
  text_color: string;
  text_shadow: number;
  coupon_text: Generated<string>;
  available_count: number;
  code_type: number;
  code_text: Generated<string>;
  date_from: string;
  date_to: string;
  cancelled_at: number | null;
  cancel_text: Generated<string>;
  created_at: number;
}

/** A channel's push message (its `send_at`: the API's `send_dt`, in milliseconds). */
export interface MessagesTable {
  id: Generated<number>;
  channel_id: number;
  status: Generated<number>;
  layout: number;
  send_at: number | null;
  sendlist_id: number | null;
  /** The list's boxes (JSON TagFilter) as they were when reserved. */
  sendlist_filter: string | null;
  push_text: string;
  /** JSON array of tag ids. */
  push_tags: Generated<string>;
  coupon_use_tags: Generated<string>;
  detail_title: Generated<string>;
  detail_text: Generated<string>;
  link_url: Generated<string>;
  background_image_url: Generated<string>;
  coupon_id: number | null;
  coupon_copy_id: number | null;
  coupon_title: Generated<string>;
  coupon_text_summary: Generated<string>;
  coupon_text_detail: Generated<string>;
  delivered_count: number | null;
  /** 1 while the deliveries of the followers without a push subscription are still to be written. */
  rest_pending: Generated<number>;
  reserved_at: number | null;
  sent_at: number | null;
  /** The channel's frequency cap as the claim read it (null: none); the second step keeps to it. */
  send_cap: number | null;
  /** Followers of the audience the cap left without a delivery (written by the second step). */
  capped_count: Generated<number>;
  /**
   * The pushes the send expects (its devices at its send time, counted at its reservation; null
   * before): the projected finish of a later send counts them ahead of it.
   */
  expected_pushes: number | null;
  /** The message this row is a part of (A/B test), with its variant (0 = A) and part (1 variant, 2 winner's send). */
  test_of: number | null;
  variant: number | null;
  test_part: number | null;
  created_at: number;
  updated_at: number;
}

/** A message's A/B test (modules/messaging/ab-*.ts): its settings, then its verdict. */
export interface MessageTestsTable {
  message_id: number;
  share_percent: number;
  /** 'open' | 'coupon'. */
  metric: string;
  wait_hours: number;
  /** 'variant_a' | 'best' | 'none'. */
  fallback: string;
  /** Followers in each variant's group, written by the send's claim. */
  group_size: number | null;
  /** When the winner is picked (Unix ms): the send time plus the waiting time. */
  decide_at: number | null;
  decided_at: number | null;
  winner: number | null;
  /** 'significant' | 'fallback_a' | 'fallback_best' | 'none' | 'manual' | 'withdrawn'. */
  decided_by: string | null;
  /** JSON: each variant's figures and the z-test. */
  verdict: string | null;
  winner_message_id: number | null;
}

/** The split of a test: one row per follower of the test share, with its variant. */
export interface MessageTestMembersTable {
  message_id: number;
  follower_id: number;
  variant: number;
}

/** One push sweep's throughput: pushes sent and the milliseconds the sweep took (the newest few kept). */
export interface PushRateSamplesTable {
  id: Generated<number>;
  pushes: number;
  elapsed_ms: number;
  at: number;
}

export interface WifiPageLinksTable {
  qr_id: string;
  page_id: number;
  release_at: number;
  created_at: number;
}

export interface WifiCouponUsesTable {
  page_id: number;
  device_hash: string;
  used_at: number;
}

/** Each channel's running follower count (channel analytics, migration 0023). */
export interface ChannelFollowerTotalsTable {
  channel_id: number;
  followers: Generated<number>;
}

/** A channel's figures of one Asia/Tokyo day. */
export interface ChannelDaysTable {
  channel_id: number;
  day: string;
  follows: Generated<number>;
  unfollows: Generated<number>;
  deliveries: Generated<number>;
  push_reachable: Generated<number>;
  push_accepted: Generated<number>;
  opens_inbox: Generated<number>;
  opens_push: Generated<number>;
  coupon_uses: Generated<number>;
}

/** One message's (kind 1) or welcome message's (kind 2) figures of one day. */
export interface ChannelMessageDaysTable {
  channel_id: number;
  kind: number;
  item_id: number;
  day: string;
  targeted: Generated<number>;
  /** Followers the frequency cap left out (migration 0031). */
  capped: Generated<number>;
  push_reachable: Generated<number>;
  push_accepted: Generated<number>;
  opens_inbox: Generated<number>;
  opens_push: Generated<number>;
  coupon_users: Generated<number>;
  coupon_uses: Generated<number>;
}

export interface WifiPageDaysTable {
  page_id: number;
  day: string;
  scans: Generated<number>;
  views: Generated<number>;
  uniques: Generated<number>;
  coupon_views: Generated<number>;
  coupon_uses: Generated<number>;
  follows: Generated<number>;
}

export interface WifiPageLinkDaysTable {
  page_id: number;
  day: string;
  link_index: number;
  clicks: Generated<number>;
}

export interface WifiPageVisitorsTable {
  page_id: number;
  day: string;
  device_hash: string;
}

/** One message in one follower's inbox. */
export interface MessageDeliveriesTable {
  message_id: number;
  follower_id: number;
  delivered_at: number;
  opened_at: number | null;
  coupon_used_at: number | null;
  coupon_use_count: Generated<number>;
  /** 0 pending, 1 accepted, 2 gone, 3 failed (PUSH_STATES of modules/push). */
  push_state: Generated<number>;
  /** Unix ms when a pending push may be claimed next (lease, backoff, quiet hours). */
  push_due_at: Generated<number>;
  push_attempts: Generated<number>;
}

/** A welcome message: a message without a send list, with an end (`send_end_at`: the API's `send_end_dt`). */
export interface WelcomeMessagesTable {
  id: Generated<number>;
  channel_id: number;
  status: Generated<number>;
  layout: number;
  send_end_at: number | null;
  push_text: string;
  push_tags: Generated<string>;
  coupon_use_tags: Generated<string>;
  detail_title: Generated<string>;
  detail_text: Generated<string>;
  link_url: Generated<string>;
  background_image_url: Generated<string>;
  coupon_id: number | null;
  coupon_copy_id: number | null;
  coupon_title: Generated<string>;
  coupon_text_summary: Generated<string>;
  coupon_text_detail: Generated<string>;
  turned_on_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A welcome message received by one device (once, across unfollow and re-follow). */
export interface WelcomeDeliveriesTable {
  welcome_message_id: number;
  device_hash: string;
  follower_id: number | null;
  delivered_at: number;
  opened_at: number | null;
  coupon_used_at: number | null;
  coupon_use_count: Generated<number>;
  /** 0 pending, 1 accepted, 2 gone, 3 failed (PUSH_STATES of modules/push). */
  push_state: Generated<number>;
  /** Unix ms when a pending push may be claimed next (lease, backoff, quiet hours). */
  push_due_at: Generated<number>;
  push_attempts: Generated<number>;
}

/** A browser's push subscription, by endpoint; owned by the push module. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  endpoint: string;
  /** The push service's origin (https://fcm.googleapis.com): its agent and VAPID header. */
  origin: string;
  device_hash: string;
  /** The member signed in when the device subscribed (a test send reaches it), else null. */
  user_id: string | null;
  p256dh: string;
  auth: string;
  created_at: number;
  updated_at: number;
}

export interface Database {
  push_subscriptions: PushSubscriptionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  confirmations: ConfirmationsTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
  app_settings: AppSettingsTable;
  qr_codes: QrCodesTable;
  qr_styles: QrStylesTable;
  qr_reads: QrReadsTable;
  read_salts: ReadSaltsTable;
  news_items: NewsItemsTable;
  sign_in_locks: SignInLocksTable;
  industries: IndustriesTable;
  channels: ChannelsTable;
  tags: TagsTable;
  followers: FollowersTable;
  follower_tags: FollowerTagsTable;
  qr_shares: QrSharesTable;
  share_invitations: ShareInvitationsTable;
  read_days: ReadDaysTable;
  read_dims: ReadDimsTable;
  read_visitors: ReadVisitorsTable;
  sendlists: SendlistsTable;
  sendlist_tags: SendlistTagsTable;
  images: ImagesTable;
  wifi_pages: WifiPagesTable;
  wifi_page_links: WifiPageLinksTable;
  wifi_coupon_uses: WifiCouponUsesTable;
  wifi_page_days: WifiPageDaysTable;
  wifi_page_link_days: WifiPageLinkDaysTable;
  wifi_page_visitors: WifiPageVisitorsTable;
  coupons: CouponsTable;
  coupon_copies: CouponCopiesTable;
  messages: MessagesTable;
  message_deliveries: MessageDeliveriesTable;
  message_tests: MessageTestsTable;
  message_test_members: MessageTestMembersTable;
  push_rate_samples: PushRateSamplesTable;
  welcome_messages: WelcomeMessagesTable;
  welcome_deliveries: WelcomeDeliveriesTable;
  channel_follower_totals: ChannelFollowerTotalsTable;
  channel_days: ChannelDaysTable;
  channel_message_days: ChannelMessageDaysTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type QrCodeRow = Selectable<QrCodesTable>;
export type NewQrCode = Insertable<QrCodesTable>;
export type NewsItemRow = Selectable<NewsItemsTable>;
export type ChannelRow = Selectable<ChannelsTable>;
export type NewChannel = Insertable<ChannelsTable>;
export type IndustryRow = Selectable<IndustriesTable>;
export type CouponRow = Selectable<CouponsTable>;
export type CouponCopiesRow = Selectable<CouponCopiesTable>;
export type WifiPageRow = Selectable<WifiPagesTable>;
