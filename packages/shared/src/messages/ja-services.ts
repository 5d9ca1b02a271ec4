/**
 * The server's texts that only the channel service and Wi-Fi pages need (their forms, errors and
 * CSV headers): the web app loads them with those screens, so a first visit does not carry them.
 * index.ts joins them to ja.ts for the server.
 */
export const jaServices = {
  validation: {
    push_endpoint_invalid: '通知の宛先が正しくありません',
    push_key_invalid: '通知の鍵が正しくありません',
    quiet_hours_time: 'おやすみ時間は HH:MM の形で入力してください',
    frequency_cap_range: '1日に届ける上限は1〜10通で指定してください',
    // Wi-Fi welcome pages
    wifi_title_required: 'タイトルを入力してください',
    wifi_title_too_long: 'タイトルは20文字以内で入力してください',
    wifi_channel_required: 'チャネルを選んでください',
    wifi_header_text_too_long: 'ヘッダーのテキストは36文字以内で入力してください',
    wifi_free_text_too_long: 'フリーテキストは200文字以内で入力してください',
    wifi_footer_text_too_long: 'フッターのテキストは20文字以内で入力してください',
    wifi_coupon_text_too_long: 'クーポンのテキストは120文字以内で入力してください',
    wifi_coupon_count: '配布枚数は1〜99,999,999の整数か、無制限を選んでください',
    wifi_color: '色は#から始まる6桁の16進数で指定してください',
    wifi_contrast: '文字色と背景色のコントラストが足りません（4.5:1以上にしてください）',
    wifi_release_dt: '公開日時を選んでください',
    wifi_release_step: '公開日時は10分単位で選んでください',
    wifi_codes_required: 'Wi-Fiのコードを選んでください',
    // Messages and welcome messages (modules/messages, modules/welcomemessages)
    message_layout: 'レイアウトを選んでください',
    message_push_text_required: 'プッシュ通知の文章を入力してください',
    message_push_text_too_long: 'プッシュ通知の文章は92文字以内で入力してください',
    message_title_too_long: 'タイトルは32文字以内で入力してください',
    message_text_too_long: '本文は5000文字以内で入力してください',
    message_coupon_title_too_long: 'クーポンのタイトルは32文字以内で入力してください',
    message_summary_too_long: '概要は100文字以内で入力してください',
    message_coupon_text_too_long: 'クーポンの文章は1000文字以内で入力してください',
    message_link_url_too_long: '画像のリンクURLは255文字以内で入力してください',
    message_image_invalid: '画像を選び直してください',
    message_tags_too_many: '1つのメッセージに付けられるタグは10個までです',
    message_send_dt_invalid: '配信日時を選び直してください',
    message_coupon_invalid: 'クーポンを選び直してください',
    message_sendlist_invalid: '送信リストを選び直してください',
    message_status: 'ステータスを選んでください',
    message_ids_required: 'メッセージを選んでください',
    coupon_cancel_text_too_long: '取り消しの説明は120文字以内で入力してください',
    welcome_title_too_long: 'タイトルは20文字以内で入力してください',
    welcome_text_too_long: '本文は400文字以内で入力してください',
    // Bulk creation from a CSV and bulk export (modules/qrbulk)
    bulk_csv_empty: 'CSVにコードの行がありません',
    bulk_csv_rows: '1つのファイルで作れるのは1,000行までです。ファイルを分けてください',
    bulk_csv_encoding: 'CSVを読み取れませんでした。UTF-8かShift_JIS（Excelの「CSV」）で保存してください',
    bulk_csv_charset:
      'CSVの文字コードがUTF-8でもShift_JISでもないため、é・ü などの文字を正しく読めません。Excelなら「CSV UTF-8」で保存し直してください',
    bulk_csv_quote: 'CSVの引用符（"）が閉じていません',
    bulk_type: '種類はURL、テキスト、Wi-Fiのいずれかにしてください',
    bulk_security: 'セキュリティはWPA、WEP、なしのいずれかにしてください',
    bulk_ids: 'コードを選んでください',
    bulk_ids_too_many: '一度に選べるコードは1,000件までです',
    sheet_paper: '用紙はA4かA3を選んでください',
    sheet_size: 'コードの大きさは15〜120mmで指定してください',
  },
  errors: {
    // Wi-Fi welcome pages (modules/wifi)
    wifi_code_linked: 'このWi-Fiのコードは別のウェルカムページに紐づいています',
    wifi_code_in_use: 'このWi-Fiのコードはウェルカムページに紐づいています。削除してもページは残ります',
    wifi_no_codes: 'Wi-Fiのコードを紐づけてから公開してください',
    wifi_coupon_gone: 'このクーポンは配布終了しました',
    wifi_coupon_used: 'このクーポンはこの端末ですでに使用済みです',
    // Messages and welcome messages
    message_draft_conditions:
      '下書き保存の条件を満たしていません。プッシュ通知の文章と各項目の文字数を確認してください。',
    message_not_editable:
      '予約済み・配信済みのメッセージは編集できません。予約中のメッセージはメッセージ一覧で予約を取り消してください。',
    message_sendlist_missing: 'このメッセージの送信リストは削除されました。送信リストを選び直してください',
    message_coupon_deleted:
      '元のメッセージに紐づいたクーポンが削除されました。クーポンを選択し直してください',
    coupon_other_channel: 'このチャネルでは利用できないクーポンです',
    message_coupon_period:
      'クーポンの有効期限（終了日）が配信日より前です。配信日時を有効期限までにするか、配信日以降まで使えるクーポンを選んでください',
    message_state: '現在のメッセージの状態ではこの操作はできません。一覧を読み込み直してください',
    welcome_other_on: '別のウェルカムメッセージが配信中です。停止してから配信してください',
    welcome_end_past: '終了日時が過ぎています。未来の終了日時を設定してください',
    coupon_used: 'このクーポンは使用済みです',
    coupon_unavailable: 'このクーポンは現在ご利用いただけません',
    push_service_unknown:
      'このブラウザのプッシュサービスには対応していないため、ここでは通知をオンにできません',
    push_no_device:
      'このチャネルを通知オンでフォローしているあなたの端末がありません。ログインした状態でスマートフォンからフォローし、通知をオンにしてください',
  },
  push: {
    /** Marks a test send's notification (before the push text). */
    test_mark: 'テスト配信',
  },
  analytics: {
    // The QR list as CSV (bulk export)
    qr_list_csv_id: 'ID',
    qr_list_csv_title: 'タイトル',
    qr_list_csv_type: '種類',
    qr_list_csv_content: '内容',
    qr_list_csv_analysis: 'アクセス解析',
    qr_list_csv_printed: 'コードの中身',
    qr_list_csv_reads: '読み取り数',
    qr_list_csv_created: '作成日時',
    qr_list_csv_type_url: 'URL',
    qr_list_csv_type_text: 'テキスト',
    qr_list_csv_type_wifi: 'Wi-Fi',
    qr_list_csv_analysis_0: 'なし',
    qr_list_csv_analysis_1: 'リダイレクト',
    qr_list_csv_analysis_2: 'シークレット',
    wifi_csv_page: 'ウェルカムページID',
    wifi_csv_title: 'タイトル',
    wifi_csv_scans: 'コードの読み取り',
    wifi_csv_views: 'ページの表示',
    wifi_csv_uniques: 'ユニーク端末数',
    wifi_csv_coupon_views: 'クーポンの表示',
    wifi_csv_coupon_uses: 'クーポンの使用',
    wifi_csv_follows: 'ページからのフォロー',
    wifi_csv_link: '関連リンク{{n}}のクリック',
    // Channel analytics CSV
    ch_csv_followers: '日末のフォロワー数',
    ch_csv_follows: 'フォロー',
    ch_csv_unfollows: 'フォロー解除',
    ch_csv_deliveries: '配信数',
    ch_csv_push_reachable: 'プッシュ通知の届く配信',
    ch_csv_push_accepted: 'プッシュ受付',
    ch_csv_opens_inbox: '開封（受信箱から）',
    ch_csv_opens_push: '開封（プッシュ通知から）',
    ch_csv_coupon_uses: 'クーポン使用回数',
    ch_csv_message: 'メッセージ',
    ch_csv_welcome: 'ウェルカムメッセージ',
    ch_csv_targeted: '配信対象',
    ch_csv_capped: '上限により未配信',
    ch_csv_coupon_users: 'クーポンを使った配信',
    ch_csv_total: '合計',
    ch_csv_deleted: '（削除済み）',
    ch_csv_push_reachable_rate: 'プッシュ到達率',
    ch_csv_accepted_rate: 'プッシュ受付率',
    ch_csv_open_rate: '開封率',
    ch_csv_coupon_rate: 'クーポン使用率（開封に対して）',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ServiceMessages = Widen<typeof jaServices>;
