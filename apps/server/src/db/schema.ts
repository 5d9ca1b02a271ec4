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

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  confirmations: ConfirmationsTable;
  mail_outbox: MailOutboxTable;
  app_settings: AppSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
