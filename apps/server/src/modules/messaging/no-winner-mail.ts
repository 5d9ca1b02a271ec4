import { type Locale, toLocale } from '@qrqr/shared/limits';
import { paths } from '@qrqr/shared/paths';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { enqueueMail } from '../../platform/jobs/mail-job';
import { inlineMailText } from '../../platform/jobs/mail-text';
import type { Mail } from '../../platform/jobs/mailer';
import { activeMember } from '../auth/lookup';
import { channelById } from '../channels/lookup';
import { channelOfMessage, type MessageRow } from './message-repository';

/** Whom the mail goes to: the channel's owner while the account is active. */
export interface Owner {
  email: string;
  locale: Locale;
}

/** The owner of the message's channel (read before the decision's transaction). */
export async function ownerOf(ctx: AppContext, messageId: number): Promise<Owner | undefined> {
  const channelId = await channelOfMessage(ctx.db, messageId);
  const channel = channelId === undefined ? undefined : await channelById(ctx, channelId);
  const member = channel ? await activeMember(ctx, channel.user_id) : undefined;
  return member ? { email: member.email, locale: toLocale(member.locale) } : undefined;
}

/**
 * A test whose fallback is "send nothing" and whose best variant was not clearly better: the
 * channel's owner is told by mail, queued in the decision's transaction (once: keyed by the message).
 */
export async function tellNoWinner(
  ctx: AppContext,
  message: MessageRow,
  owner: Owner,
  trx: Transaction<Database>,
) {
  const url = `${ctx.config.publicUrl}${paths.channelHome}?channel_id=${message.channel_id}`;
  const mail = noWinnerMail(owner.email, inlineMailText(message.push_text), url, owner.locale);
  await enqueueMail(ctx.jobs, mail, `abtest-no-winner:${message.id}`, trx);
}

function noWinnerMail(to: string, title: string, url: string, locale: Locale): Mail {
  return locale === 'en'
    ? {
        to,
        subject: '[QRQR] Your A/B test had no clear winner',
        text: `No variant of the message "${title}" was clearly better, so as you chose, it was not sent to the rest of its followers.\n\nSee the results: ${url}`,
      }
    : {
        to,
        subject: '【QRQR】A/Bテストではっきりした勝者が出ませんでした',
        text: `メッセージ「${title}」のパターンの間にはっきりした差が出なかったため、設定に従い、残りのフォロワーには配信していません。\n\n結果はこちら: ${url}`,
      };
}
