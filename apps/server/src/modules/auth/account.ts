import type { UserInfo } from '@qrqr/shared/auth-schemas';
import type { UserRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { hashPassword, verifyPassword } from '../../platform/core/passwords';
import { AppError } from '../../platform/http/errors';
import { deleteUser, findActiveUser, updateUser } from './repository';

export function presentUser(user: UserRow): UserInfo {
  return { user_id: user.id, user_name: user.user_name, company_name: user.company_name, email: user.email };
}

export async function getUserInfo(ctx: AppContext, userId: string): Promise<UserInfo> {
  const user = await findActiveUser(ctx.db, userId);
  if (!user) throw new AppError('E-401');
  return presentUser(user);
}

export async function updateUserInfo(
  ctx: AppContext,
  input: { userId: string; user_name: string; company_name: string },
): Promise<UserInfo> {
  await updateUser(ctx.db, input.userId, { user_name: input.user_name, company_name: input.company_name });
  return getUserInfo(ctx, input.userId);
}

const wrongPassword = (field: string) =>
  new AppError('E-105', { fields: [{ field, rule: 'errors.wrong_password' }] });

async function requirePassword(ctx: AppContext, userId: string, password: string, field: string) {
  const user = await findActiveUser(ctx.db, userId);
  if (!user) throw new AppError('E-401');
  if (!(await verifyPassword(user.password_hash, password))) throw wrongPassword(field);
  return user;
}

/** Changes the password; the caller's other browsers are signed out. */
export async function changePassword(
  ctx: AppContext,
  input: { userId: string; current_password: string; new_password: string },
): Promise<void> {
  await requirePassword(ctx, input.userId, input.current_password, 'current_password');
  await updateUser(ctx.db, input.userId, { password_hash: await hashPassword(input.new_password) });
}

/** Deletes the account and, through foreign keys, everything it owns. */
export async function unsubscribe(
  ctx: AppContext,
  input: { userId: string; password: string },
): Promise<void> {
  await requirePassword(ctx, input.userId, input.password, 'password');
  const afterDeletion = await ctx.registry.answers(points.accountDeleting, { userId: input.userId });
  await deleteUser(ctx.db, input.userId);
  for (const done of afterDeletion) done();
}
