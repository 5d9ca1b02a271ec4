/** Messages both the server and the web app show: validation rules (§5) and result codes (§8). */
export const ja = {
  validation: {
    required: '入力してください',
    invalid: '入力内容が正しくありません',
    email_required: 'メールアドレスを入力してください',
    email_invalid: 'メールアドレスが正しくありません',
    password_required: 'パスワードを入力してください',
    password_rule: 'パスワードは半角英数字6文字以上で入力してください',
    password_too_long: 'パスワードは255文字以内で入力してください',
    password_mismatch: 'パスワードが一致しません',
    user_name_required: 'ユーザー名を入力してください',
    user_name_too_long: 'ユーザー名は255文字以内で入力してください',
    company_name_too_long: '会社名は255文字以内で入力してください',
    confirm_required: '確認のためチェックを入れてください',
  },
  errors: {
    generic: 'エラーが発生しました',
    generic_detail: 'しばらく待ってから再度お試しいただくか、サポートまでお問い合わせください。',
    validation: '入力内容を確認してください',
    signin_required: 'ログインしてください',
    csrf: '画面の有効期限が切れました。ページを再読み込みしてもう一度お試しください。',
    not_found: 'お探しのページは見つかりませんでした',
    method: 'この操作は許可されていません',
    conflict: 'すでに登録されています',
    too_large: 'データが大きすぎます',
    media_type: 'この形式のデータは受け付けられません',
    rate_limited: 'リクエストが多すぎます。しばらくしてから再度お試しください。',
    system: 'システムエラーが発生しました。しばらくしてから再度お試しください。',
    unavailable: 'ただいまサービスを利用できません。しばらくしてから再度お試しください。',
    signin_failed: 'メールアドレスまたはパスワードが正しくありません',
    activation_link: 'エラーが発生しました。正しいリンクがクリックされなかったようです。',
    reset_link: 'エラーが発生しました。正しいリンクがクリックされなかったようです。',
    email_change_link: 'リンクが正しくありません。もう一度確認メールを送信してからお試しください。',
    wrong_password: '現在のパスワードが正しくありません',
    invite_mismatch:
      '招待されたアカウントとログイン中のアカウントが異なります。別のアカウントでログインするか、招待した方にお問い合わせください。',
    email_taken: 'このメールアドレスはすでに使われています',
    same_email: '現在と同じメールアドレスです',
    tag_in_use: '送信リストで使用中のタグは削除できません',
    sendlist_name_taken: '同じ名前の送信リストがすでに存在します',
    coupon_in_use: '未送信のメッセージに紐づいているクーポンは削除できません',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof ja>;
