import type { Locale } from '@qrqr/shared/limits';
import { SHARE_LIMITS, type SharePermission } from '@qrqr/shared/sharing-constants';
import { inlineMailText } from '../../platform/jobs/mail-text';
import type { Mail } from '../../platform/jobs/mailer';

/** The invitation mail in Japanese and English, in the invitee's language (else the inviter's). */

const SIGN = {
  ja: '\n\n──────────\nQRQR サポート\nこのメールに心当たりがない場合は、破棄してください。',
  en: '\n\n──────────\nQRQR Support\nIf you did not expect this e-mail, you can ignore it.',
};

const PERMISSION_NAMES: Record<Locale, Record<SharePermission, string>> = {
  ja: {
    view: 'アクセスログの閲覧',
    edit_title: 'タイトルの編集',
    delete_code: 'QRコードの削除',
    manage_users: '共有ユーザーの追加・削除',
  },
  en: {
    view: 'view the read log',
    edit_title: 'edit the title',
    delete_code: 'delete the code',
    manage_users: 'add and remove users',
  },
};

export interface InvitationMailInput {
  to: string;
  url: string;
  inviterName: string;
  title: string;
  permissions: SharePermission[];
  /** The address has no account yet: the mail says to sign up with it first. */
  hasAccount: boolean;
  locale: Locale;
}

/** The inviter's name and the code's title are the inviter's text: one line, never a link. */
export function invitationMail(mail: InvitationMailInput): Mail {
  const input = { ...mail, inviterName: inlineMailText(mail.inviterName), title: inlineMailText(mail.title) };
  const days = SHARE_LIMITS.invitationDays;
  if (input.locale === 'en') {
    const title = input.title ? `"${input.title}"` : 'a QR code';
    const perms = input.permissions.map((p) => PERMISSION_NAMES.en[p]).join(', ');
    const how = input.hasAccount
      ? 'Open the link below within 7 days and log in with this e-mail address to accept:'
      : 'You do not have a QRQR account yet. Open the link below within 7 days, register with this e-mail address (free), and the read log opens once your account is active:';
    return {
      to: input.to,
      subject: `[QRQR] ${input.inviterName} shared the read log of a QR code with you`,
      text: `${input.inviterName} shared the read log of ${title} with you on QRQR.\nYou may: ${perms}.\n\n${how.replace('7 days', `${days} days`)}\n${input.url}${SIGN.en}`,
    };
  }
  const title = input.title ? `「${input.title}」` : 'QRコード';
  const perms = input.permissions.map((p) => PERMISSION_NAMES.ja[p]).join('、');
  const how = input.hasAccount
    ? `${days}日以内に下記のリンクを開き、このメールアドレスでログインすると共有が有効になります。`
    : `QRQRのアカウントをまだお持ちでないようです。${days}日以内に下記のリンクを開き、このメールアドレスで会員登録（無料）をしてください。登録が完了するとアクセスログが表示されます。`;
  return {
    to: input.to,
    subject: `【QRQR】${input.inviterName}さんからQRコードのアクセスログが共有されました`,
    text: `${input.inviterName}さんが、QRQRで${title}のアクセスログをあなたと共有しました。\nできること: ${perms}\n\n${how}\n${input.url}${SIGN.ja}`,
  };
}
