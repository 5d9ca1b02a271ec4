import { LINK_LIFETIME_HOURS, type Locale } from '@qrqr/shared/limits';
import type { Mail } from '../../platform/jobs/mailer';

/** Account mails in Japanese and English. Each takes the recipient's language. */

const SIGN = {
  ja: '\n\n──────────\nQRQR サポート\nこのメールに心当たりがない場合は、破棄してください。',
  en: '\n\n──────────\nQRQR Support\nIf you did not expect this e-mail, you can ignore it.',
};

export function activationMail(to: string, url: string, locale: Locale): Mail {
  const h = LINK_LIFETIME_HOURS.activation;
  return locale === 'en'
    ? {
        to,
        subject: '[QRQR] Complete your registration',
        text: `Thank you for signing up to QRQR.\n\nOpen the link below within ${hoursEn(h)} to set your name and password and activate your account:\n${url}${SIGN.en}`,
      }
    : {
        to,
        subject: '【QRQR】会員登録を完了してください',
        text: `QRQRにご登録いただきありがとうございます。\n\n${h}時間以内に下記のリンクを開き、お名前とパスワードを設定して登録を完了してください。\n${url}${SIGN.ja}`,
      };
}

export function alreadyRegisteredMail(to: string, signinUrl: string, resetUrl: string, locale: Locale): Mail {
  return locale === 'en'
    ? {
        to,
        subject: '[QRQR] You already have an account',
        text: `Someone (hopefully you) tried to sign up with this address, but it already has an account.\n\nLog in: ${signinUrl}\nForgot your password? ${resetUrl}${SIGN.en}`,
      }
    : {
        to,
        subject: '【QRQR】このメールアドレスは登録済みです',
        text: `このメールアドレスで新規登録のお申し込みがありましたが、すでにアカウントが登録されています。\n\nログイン: ${signinUrl}\nパスワードをお忘れの方: ${resetUrl}${SIGN.ja}`,
      };
}

export function passwordResetMail(to: string, url: string, locale: Locale): Mail {
  const h = LINK_LIFETIME_HOURS.passwordReset;
  return locale === 'en'
    ? {
        to,
        subject: '[QRQR] Reset your password',
        text: `We received a request to reset your password.\n\nOpen the link below within ${hoursEn(h)} to set a new password. The link works once.\n${url}${SIGN.en}`,
      }
    : {
        to,
        subject: '【QRQR】パスワードの再設定',
        text: `パスワード再設定のお申し込みを受け付けました。\n\n${h}時間以内に下記のリンクを開き、新しいパスワードを設定してください。リンクは一度だけ使えます。\n${url}${SIGN.ja}`,
      };
}

export function emailChangeMail(to: string, url: string, locale: Locale): Mail {
  const h = LINK_LIFETIME_HOURS.emailChange;
  return locale === 'en'
    ? {
        to,
        subject: '[QRQR] Confirm your new e-mail address',
        text: `Open the link below within ${hoursEn(h)} to make this your QRQR login address:\n${url}${SIGN.en}`,
      }
    : {
        to,
        subject: '【QRQR】新しいメールアドレスの確認',
        text: `${h}時間以内に下記のリンクを開くと、このメールアドレスがQRQRのログイン用アドレスになります。\n${url}${SIGN.ja}`,
      };
}

export function emailChangedNotice(to: string, newEmail: string, locale: Locale): Mail {
  return locale === 'en'
    ? {
        to,
        subject: '[QRQR] Your e-mail address was changed',
        text: `Your QRQR login address was changed to ${newEmail}.\nIf you did not do this, contact support at once.${SIGN.en}`,
      }
    : {
        to,
        subject: '【QRQR】メールアドレスが変更されました',
        text: `QRQRのログイン用メールアドレスが ${newEmail} に変更されました。\nお心当たりがない場合は、至急サポートまでご連絡ください。${SIGN.ja}`,
      };
}

/** To the owner of an address another account asked to change its login address to. */
export function emailTakenNotice(to: string, signinUrl: string, locale: Locale): Mail {
  return locale === 'en'
    ? {
        to,
        subject: '[QRQR] Someone tried to use your e-mail address',
        text: `Another QRQR account asked to change its login address to this one. This address already belongs to your account, so nothing was changed and no link was sent.\n\nYour account stays as it is: ${signinUrl}${SIGN.en}`,
      }
    : {
        to,
        subject: '【QRQR】メールアドレス変更のお申し込みがありました',
        text: `別のQRQRアカウントから、ログイン用メールアドレスをこのアドレスに変更するお申し込みがありました。このアドレスはすでにお客様のアカウントで使われているため、変更は行わず、確認リンクも送っていません。\n\nお客様のアカウントはそのままご利用いただけます: ${signinUrl}${SIGN.ja}`,
      };
}

/** "1 hour", "24 hours": the lifetimes are constants, but the wording should not depend on them. */
function hoursEn(h: number): string {
  return h === 1 ? '1 hour' : `${h} hours`;
}
