import { api, paths } from '@qrqr/shared/paths';
import type { SharePermission } from '@qrqr/shared/sharing-constants';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestClient } from './client';
import { lastMailTo } from './mailbox';

/** The invitation `code` of the newest invitation mail to an address. */
export async function invitationCodeFor(app: FastifyInstance, email: string): Promise<string> {
  const mail = await lastMailTo(app, email);
  const match = mail.text_body.match(new RegExp(`https?://[^\\s/]+${paths.signin}\\?code=([^\\s]+)`));
  if (!match?.[1]) throw new Error(`no invitation link in:\n${mail.text_body}`);
  return decodeURIComponent(match[1]);
}

/** Invites addresses to a code from `by`'s browser (fails the test on anything but success). */
export async function invite(
  by: TestClient,
  qrId: string,
  emails: string[],
  permissions: SharePermission[],
): Promise<void> {
  const res = await by.post(api.shareInput, { id: qrId, emails, permissions });
  expect(res.statusCode, res.body).toBe(200);
}

/** Invites one member and accepts from their browser: an accepted share with `permissions`. */
export async function shareWith(
  app: FastifyInstance,
  by: TestClient,
  qrId: string,
  recipient: { client: TestClient; email: string },
  permissions: SharePermission[],
): Promise<void> {
  await invite(by, qrId, [recipient.email], permissions);
  const code = await invitationCodeFor(app, recipient.email);
  const res = await recipient.client.post(api.shareAccept, { code });
  expect(res.statusCode, res.body).toBe(200);
}
