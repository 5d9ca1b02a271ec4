import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobInfo, Jobs } from './jobs';
import type { Mail, Mailer } from './mailer';

/** Sending one mail is a job of its own, so a retry of the work that wrote it does not send it again. */
export function registerMailJob(jobs: Jobs, mailer: Mailer): void {
  jobs.register('mail', (mail) => mailer.send(mail));
}

/**
 * Queues `mail`. `key` names the work it belongs to (e.g. the sign-up job, whose kind and key name it): a second
 * enqueue with it is ignored. SMTP itself is at least once: a crash after the relay accepted the
 * mail and before the job was marked done sends it again after the lease.
 */
export function enqueueMail(
  jobs: Jobs,
  mail: Mail,
  key: string | JobInfo,
  trx?: Transaction<Database>,
): Promise<boolean> {
  const name = typeof key === 'string' ? key : `${key.kind}:${key.key}`;
  return jobs.enqueue({ kind: 'mail', key: name, payload: mail }, trx);
}
