import { LOGO_IN_USE_FIELD } from '@qrqr/shared/qr-design-schemas';
import type { Transaction } from 'kysely';
import { dialectSql } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { imageNameOf } from '../../platform/media/images';
import { designOf } from './design';
import { LOGO_PURPOSE } from './logo-pictures';

/**
 * Deletes one of the member's own logo pictures. A picture that a saved code still draws is
 * refused (E-409 with how many codes) rather than deleted, so a code already printed keeps its
 * logo in every later download. Another member's picture, a channel's, or an unknown id: 404.
 *
 * The picture is locked before the codes are counted: on PostgreSQL a design saved at the same
 * moment (logo-hold.ts, share-locked) either commits first and is counted, or waits and then
 * finds the picture gone; SQLite runs one write transaction at a time.
 */
export async function deleteLogoPicture(
  ctx: Pick<AppContext, 'db'>,
  input: { userId: string; id: number },
): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('images')
      .select(['id', 'name'])
      .where('id', '=', input.id)
      .where('user_id', '=', input.userId)
      .where('purpose', '=', LOGO_PURPOSE);
    if (dialectSql(ctx.db.dialect).rowLocks) query = query.forUpdate();
    const picture = await query.executeTakeFirst();
    if (!picture) throw new AppError('E-404');
    const uses = await codesDrawing(trx, input.userId, picture.name);
    if (uses > 0)
      throw new AppError('E-409', {
        messageKey: 'errors.logo_picture_in_use',
        fields: [
          { field: LOGO_IN_USE_FIELD, rule: 'errors.logo_picture_in_use_count', values: [String(uses)] },
        ],
      });
    await trx.deleteFrom('images').where('id', '=', picture.id).execute();
  });
}

/**
 * How many of the member's codes have a design whose logo is the picture of this name. The name
 * (a content hash) narrows the rows in SQL; the design's JSON decides.
 */
async function codesDrawing(trx: Transaction<Database>, userId: string, name: string): Promise<number> {
  const rows = await trx
    .selectFrom('qr_codes')
    .select('design')
    .where('user_id', '=', userId)
    .where('design', 'like', `%${name}%`)
    .execute();
  return rows.filter((row) => {
    const logo = designOf(row)?.logo;
    return logo?.source === 'image' && imageNameOf(logo.image_url) === name;
  }).length;
}
