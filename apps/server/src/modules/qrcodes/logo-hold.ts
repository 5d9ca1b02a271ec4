import type { QrDesign } from '@qrqr/shared/qr-design-constants';
import type { Transaction } from 'kysely';
import { dialectSql } from '../../db/dialect';
import type { Queryable } from '../../db/queryable';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { imageNameOf } from '../../platform/media/images';
import { LOGO_PURPOSE } from './logo-pictures';

/**
 * The name of the member's own picture a design's logo names (checked by checkDesign before), or
 * undefined when the logo is none, a channel's icon or a channel's picture.
 */
export async function ownLogoName(
  ctx: Pick<AppContext, 'db'>,
  userId: string | null,
  design: QrDesign | null | undefined,
): Promise<string | undefined> {
  const logo = design?.logo;
  if (!userId || logo?.source !== 'image') return undefined;
  const name = imageNameOf(logo.image_url);
  if (!name) return undefined;
  return (await ownPicture(ctx.db.kysely, userId, name).executeTakeFirst()) ? name : undefined;
}

/**
 * Holds the member's own picture until `trx` ends (share-locked on PostgreSQL), so a delete cannot
 * slip between a design's check and its save; false when it was deleted since the check.
 */
export async function holdOwnLogo(
  ctx: Pick<AppContext, 'db'>,
  input: { userId: string; name: string },
  trx: Transaction<Database>,
): Promise<boolean> {
  let query = ownPicture(trx, input.userId, input.name);
  if (dialectSql(ctx.db.dialect).rowLocks) query = query.forShare();
  return (await query.executeTakeFirst()) !== undefined;
}

const ownPicture = (db: Queryable, userId: string, name: string) =>
  db
    .selectFrom('images')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', LOGO_PURPOSE)
    .where('name', '=', name)
    .limit(1);

/**
 * Runs a code's write with the member's own logo picture held (when its design names one), so the
 * picture the code will draw is still there when the code is saved; one deleted since the check
 * refuses the save as an unknown logo would be.
 */
export async function writeHoldingLogo(
  ctx: Pick<AppContext, 'db'>,
  input: { userId: string | null; name: string | undefined },
  write: (trx?: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const { userId, name } = input;
  if (!userId || !name) return write();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await holdOwnLogo(ctx, { userId, name }, trx)))
      throw AppError.field('design.logo', 'validation.design_logo');
    await write(trx);
  });
}
