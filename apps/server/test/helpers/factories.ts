import type { UserInfo } from '@qrqr/shared/auth-schemas';
import { api, paths } from '@qrqr/shared/paths';
import type { FastifyInstance } from 'fastify';
import { newClient, type TestClient } from './client';
import { lastLinkTo, type MailLink } from './mailbox';

let counter = 0;

/** An address no other test uses (lower case, as the server stores it). */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export const DEFAULT_PASSWORD = 'Secret123';

/** Signs up an address from a fresh browser and returns the activation link mailed to it. */
export async function signUp(
  app: FastifyInstance,
  email = uniqueEmail(),
): Promise<{ client: TestClient; email: string; link: MailLink }> {
  const client = await newClient(app);
  const res = await client.post(api.signup, { email });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  return { client, email, link: await lastLinkTo(app, email, paths.activate) };
}

export interface Member {
  client: TestClient;
  user: UserInfo;
  email: string;
  password: string;
}

/** A member, signed in in the browser that activated the account. */
export async function signUpAndActivate(
  app: FastifyInstance,
  options: { email?: string; password?: string; user_name?: string; company_name?: string } = {},
): Promise<Member> {
  const password = options.password ?? DEFAULT_PASSWORD;
  const { client, email, link } = await signUp(app, options.email ?? uniqueEmail());
  const res = await client.post(api.activate, {
    user_id: link.user_id,
    confirmation_code: link.confirmation_code,
    user_name: options.user_name ?? 'テスト太郎',
    company_name: options.company_name ?? '',
    password,
  });
  if (res.statusCode !== 200) throw new Error(`activation failed: ${res.body}`);
  return { client, user: res.json().user as UserInfo, email, password };
}

/** A fresh browser signed in as the given account. */
export async function signInClient(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<TestClient> {
  const client = await newClient(app);
  const res = await client.post(api.signin, { email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return client;
}
