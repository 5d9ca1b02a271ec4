import type { FastifyInstance } from 'fastify';

export interface OutboxMail {
  to_address: string;
  subject: string;
  text_body: string;
  created_at: number;
}

/** Mail the product kept in its outbox for this address, newest first (read through /dev/mailbox.json). */
export async function mailsTo(app: FastifyInstance, address: string): Promise<OutboxMail[]> {
  const res = await app.inject({ method: 'GET', url: '/dev/mailbox.json' });
  if (res.statusCode !== 200) throw new Error(`mailbox: ${res.statusCode}`);
  const { mails } = res.json() as { mails: OutboxMail[] };
  return mails.filter((m) => m.to_address === address.toLowerCase());
}

export async function lastMailTo(app: FastifyInstance, address: string): Promise<OutboxMail> {
  const [mail] = await mailsTo(app, address);
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

export interface MailLink {
  url: string;
  user_id: string;
  confirmation_code: string;
}

/** The one-time link to `path` (e.g. /auth/qrqrid/activate) in a mail body. */
export function linkIn(text: string, path: string): MailLink {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = text.match(new RegExp(`https?://[^\\s/]+${escaped}\\?[^\\s]+`));
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  const url = new URL(match[0]);
  return {
    url: match[0],
    user_id: url.searchParams.get('user_id') ?? '',
    confirmation_code: url.searchParams.get('confirmation_code') ?? '',
  };
}

/** The link to `path` in the newest mail to `address`. */
export async function lastLinkTo(app: FastifyInstance, address: string, path: string): Promise<MailLink> {
  return linkIn((await lastMailTo(app, address)).text_body, path);
}

export function linkQuery(link: Pick<MailLink, 'user_id' | 'confirmation_code'>): string {
  return new URLSearchParams({ user_id: link.user_id, confirmation_code: link.confirmation_code }).toString();
}
