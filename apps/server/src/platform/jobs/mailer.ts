import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL, mail goes through that relay. Without it, mail is kept in the outbox table and
 * written to the log, and `/dev/mailbox` lists it outside production.
 */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) return new SmtpMailer(nodemailer.createTransport(config.SMTP_URL), config.MAIL_FROM);
  return new OutboxMailer(db, log, !config.production);
}

class SmtpMailer implements Mailer {
  constructor(
    private readonly transport: Transporter,
    private readonly from: string,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
}

class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly logBody: boolean,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.db.kysely
      .insertInto('mail_outbox')
      .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, created_at: Date.now() })
      .execute();
    // The body holds one-time links: print it only where no real customer is served.
    this.log.info(
      { mail: { to: mail.to, subject: mail.subject, ...(this.logBody ? { text: mail.text } : {}) } },
      'mail kept in the outbox (SMTP_URL is not set)',
    );
  }
}
