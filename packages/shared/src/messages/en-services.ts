import type { ServiceMessages } from './ja-services';

/**
 * The server's texts that only the channel service and Wi-Fi pages need (their forms, errors and
 * CSV headers): the web app loads them with those screens, so a first visit does not carry them.
 * index.ts joins them to en.ts for the server.
 */
export const enServices: ServiceMessages = {
  validation: {
    push_endpoint_invalid: 'The notification address is not valid',
    push_key_invalid: 'The notification keys are not valid',
    quiet_hours_time: 'Quiet hours must be written as HH:MM',
    frequency_cap_range: 'The daily cap must be a whole number from 1 to 10',
    // Wi-Fi welcome pages
    wifi_title_required: 'Please enter a title',
    wifi_title_too_long: 'The title can be at most 20 characters',
    wifi_channel_required: 'Please choose a channel',
    wifi_header_text_too_long: 'The header text can be at most 36 characters',
    wifi_free_text_too_long: 'The free text can be at most 200 characters',
    wifi_footer_text_too_long: 'The footer text can be at most 20 characters',
    wifi_coupon_text_too_long: 'The coupon text can be at most 120 characters',
    wifi_coupon_count: 'Enter how many coupons to hand out (1 to 99,999,999) or choose unlimited',
    wifi_color: 'A colour is # followed by 6 hexadecimal digits',
    wifi_contrast: 'The text colour does not stand out enough from the background (at least 4.5:1 is needed)',
    wifi_release_dt: 'Please choose a release date',
    wifi_release_step: 'Release dates are chosen in 10-minute steps',
    wifi_codes_required: 'Please choose a Wi-Fi code',
    // Messages and welcome messages (modules/messages, modules/welcomemessages)
    message_layout: 'Please choose a layout',
    message_push_text_required: 'Please input the push notification text',
    message_push_text_too_long: 'The push notification text must be 92 characters or fewer',
    message_title_too_long: 'The title must be 32 characters or fewer',
    message_text_too_long: 'The text must be 5000 characters or fewer',
    message_coupon_title_too_long: 'The coupon title must be 32 characters or fewer',
    message_summary_too_long: 'The summary must be 100 characters or fewer',
    message_coupon_text_too_long: 'The coupon text must be 1000 characters or fewer',
    message_link_url_too_long: 'The image link URL must be 255 characters or fewer',
    message_image_invalid: 'Please choose the image again',
    message_tags_too_many: 'A message can have up to 10 tags',
    message_send_dt_invalid: 'Please choose the send date and time again',
    message_coupon_invalid: 'Please choose the coupon again',
    message_sendlist_invalid: 'Please choose the send list again',
    message_status: 'Please choose a status',
    message_ids_required: 'Please choose the messages',
    coupon_cancel_text_too_long: 'The cancellation text must be 120 characters or fewer',
    welcome_title_too_long: 'The title must be 20 characters or fewer',
    welcome_text_too_long: 'The text must be 400 characters or fewer',
    // Bulk creation from a CSV and bulk export (modules/qrbulk)
    bulk_csv_empty: 'The CSV has no rows of codes',
    bulk_csv_rows: 'One file can create up to 1,000 rows. Please split the file',
    bulk_csv_encoding: 'The CSV could not be read. Please save it as UTF-8 or Shift_JIS (Excel’s “CSV”)',
    bulk_csv_charset:
      'The CSV is in neither UTF-8 nor Shift_JIS, so letters such as é or ü would be garbled. Please save it again as “CSV UTF-8” in Excel',
    bulk_csv_quote: 'A quotation mark (") in the CSV is not closed',
    bulk_type: 'The type must be URL, text or Wi-Fi',
    bulk_security: 'The security must be WPA, WEP or none',
    bulk_ids: 'Please choose the codes',
    bulk_ids_too_many: 'Up to 1,000 codes can be chosen at once',
    sheet_paper: 'Please choose A4 or A3 paper',
    sheet_size: 'The code size must be 15 to 120\u00a0mm',
  },
  errors: {
    // Wi-Fi welcome pages (modules/wifi)
    wifi_code_linked: 'This Wi-Fi code is linked to another welcome page',
    wifi_code_in_use: 'This Wi-Fi code is linked to a welcome page. The page stays when the code is deleted',
    wifi_no_codes: 'Link a Wi-Fi code to the page before publishing it',
    wifi_coupon_gone: 'This coupon is no longer available',
    wifi_coupon_used: 'This coupon has already been used on this device',
    // Messages and welcome messages
    message_draft_conditions:
      'Draft conditions not met. Please check the push notification text and the length of each field.',
    message_not_editable:
      'A reserved or sent message cannot be edited. To change a reserved message, cancel its reservation in the message list.',
    message_sendlist_missing: 'The send list of this message was deleted. Please choose a send list again',
    message_coupon_deleted:
      'The coupon linked to the original message was deleted. Please select the coupon again',
    coupon_other_channel: 'This coupon is not usable in this channel',
    message_coupon_period:
      "The coupon's end date is before the send date. Send it by the coupon's end date, or choose a coupon valid on the send date",
    message_state: 'This cannot be done in the current state of the message. Please reload the list',
    welcome_other_on: 'Another welcome message is on. Stop it to turn this one on',
    welcome_end_past: 'The end date has passed. Please set an end date in the future',
    coupon_used: 'This coupon has already been used',
    coupon_unavailable: 'This coupon cannot be used now',
    push_service_unknown:
      "This browser's push service is not supported, so notifications cannot be turned on here",
    push_no_device:
      'None of your devices follows this channel with notifications on. Follow it on your phone while signed in and turn notifications on',
  },
  push: {
    /** Marks a test send's notification (before the push text). */
    test_mark: 'Test',
  },
  analytics: {
    // The QR list as CSV (bulk export)
    qr_list_csv_id: 'ID',
    qr_list_csv_title: 'Title',
    qr_list_csv_type: 'Type',
    qr_list_csv_content: 'Content',
    qr_list_csv_analysis: 'Access analysis',
    qr_list_csv_printed: 'Printed content',
    qr_list_csv_reads: 'Reads',
    qr_list_csv_created: 'Created',
    qr_list_csv_type_url: 'URL',
    qr_list_csv_type_text: 'Text',
    qr_list_csv_type_wifi: 'Wi-Fi',
    qr_list_csv_analysis_0: 'None',
    qr_list_csv_analysis_1: 'Redirect',
    qr_list_csv_analysis_2: 'Secret',
    wifi_csv_page: 'Welcome page ID',
    wifi_csv_title: 'Title',
    wifi_csv_scans: 'Code scans',
    wifi_csv_views: 'Page views',
    wifi_csv_uniques: 'Unique devices',
    wifi_csv_coupon_views: 'Coupon views',
    wifi_csv_coupon_uses: 'Coupon uses',
    wifi_csv_follows: 'Follows from the page',
    wifi_csv_link: 'Clicks on related link {{n}}',
    // Channel analytics CSV
    ch_csv_followers: 'Followers at day end',
    ch_csv_follows: 'Follows',
    ch_csv_unfollows: 'Unfollows',
    ch_csv_deliveries: 'Deliveries',
    ch_csv_push_reachable: 'Reachable by push',
    ch_csv_push_accepted: 'Pushes accepted',
    ch_csv_opens_inbox: 'Opens (from the inbox)',
    ch_csv_opens_push: 'Opens (from a push)',
    ch_csv_coupon_uses: 'Coupon uses',
    ch_csv_message: 'Message',
    ch_csv_welcome: 'Welcome message',
    ch_csv_targeted: 'Targeted',
    ch_csv_capped: 'Not delivered (frequency cap)',
    ch_csv_coupon_users: 'Deliveries with the coupon used',
    ch_csv_total: 'Total',
    ch_csv_deleted: '(deleted)',
    ch_csv_push_reachable_rate: 'Push reach rate',
    ch_csv_accepted_rate: 'Push acceptance rate',
    ch_csv_open_rate: 'Open rate',
    ch_csv_coupon_rate: 'Coupon use rate (of opens)',
  },
};
