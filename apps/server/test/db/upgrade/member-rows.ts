import { sha256 } from '../../../src/platform/core/crypto';
import { type Put, T } from './insert-row';

/** The sid cookie of a session the earlier version started (its row keeps the SHA-256). */
export const OLD_SID = 'old-version-session-0123456789';
export const OLD_EMAIL = 'old-owner@example.test';
export const OLD_SHORT_CODE = 'Old12345';
export const OLD_REDIRECT = 'https://example.jp/old';

/**
 * The accounts, the QR manager (codes, reads, rollups, sharing) and the news box of the earlier
 * version. Answers the owner's id.
 */
export async function writeMemberRows(put: Put): Promise<string> {
  const owner = 'u00000000000000000000000000000a1';
  const reader = 'u00000000000000000000000000000b2';
  const stamps = { created_at: T, updated_at: T };
  await put('app_settings', { key: 'secret', value: 's'.repeat(64) });
  await put('users', {
    id: owner,
    email: OLD_EMAIL,
    status: 'active',
    user_name: '旧 太郎',
    password_hash: '$argon2id$old',
    channel_service_registered: 1,
    ...stamps,
  });
  await put('users', { id: reader, email: 'old-reader@example.test', status: 'active', ...stamps });
  await put('sessions', {
    id: sha256(OLD_SID),
    user_id: owner,
    created_at: T,
    expires_at: Date.now() + 86_400_000,
  });
  await put('confirmations', {
    user_id: reader,
    purpose: 'email_change',
    code_hash: 'c'.repeat(64),
    new_email: 'new@example.test',
    expires_at: T + 3_600_000,
    created_at: T,
  });
  await put('mail_outbox', { to_address: OLD_EMAIL, subject: '旧', text_body: 'body', created_at: T });
  await put('sign_in_locks', {
    email_hash: 'e'.repeat(64),
    failures: 3,
    locks: 1,
    locked_until: T + 60_000,
    updated_at: T,
  });

  const qr = 'q0000000000000000000000000000001';
  await put('qr_codes', {
    id: qr,
    user_id: owner,
    tab: 0,
    type: 1,
    title: '旧コード',
    title_folded: '旧コード',
    content: OLD_REDIRECT,
    payload: `http://qr.test/r/${OLD_SHORT_CODE}`,
    analysis_type: 1,
    short_code: OLD_SHORT_CODE,
    version: 3,
    read_count: 1,
    ...stamps,
  });
  const wifi = 'WIFI:S:cafe;T:WPA;P:pass1234;;';
  await put('qr_codes', {
    id: 'q0000000000000000000000000000002',
    guest_key_hash: 'g'.repeat(64),
    tab: 2,
    type: 3,
    title: 'Wi-Fi',
    title_folded: 'wi-fi',
    content: wifi,
    payload: wifi,
    analysis_type: 0,
    wifi_name: 'cafe',
    wifi_ssid: 'cafe',
    wifi_password: 'pass1234',
    wifi_encryption: 'WPA',
    wifi_hidden: 0,
    wifi_expire_hours: 24,
    version: 2,
    wifi_set_at: T,
    ...stamps,
  });
  const day = '2025-06-15';
  const visitor = 'v'.repeat(32);
  await put('qr_reads', {
    qr_id: qr,
    read_at: T,
    source: 2,
    visitor_hash: visitor,
    country: 'JP',
    os: 'ios',
  });
  await put('read_salts', { day, salt: 'a'.repeat(64), created_at: T });
  await put('read_days', { qr_id: qr, day, official: 0, other: 1, uniques_official: 0, uniques_other: 1 });
  await put('read_dims', { qr_id: qr, day, dim: 'c', value: 'JP', official: 0, other: 1 });
  await put('read_visitors', { qr_id: qr, day, visitor, source: 2, created_at: T });
  await put('news_items', { title_ja: 'お知らせ', body_ja: '本文', published_at: T, created_at: T });

  const rights = { can_view: 1, can_edit_title: 1, can_delete_code: 0, can_manage_users: 0 };
  await put('qr_shares', { qr_id: qr, user_id: reader, ...rights, created_at: T });
  await put('share_invitations', {
    qr_id: qr,
    email: 'guest@example.test',
    code_hash: 'h'.repeat(64),
    ...rights,
    invited_by: owner,
    expires_at: T + 86_400_000,
    created_at: T,
  });
  return owner;
}
