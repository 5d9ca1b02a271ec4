import { DESIGN_LIMITS } from '@qrqr/shared/qr-design-constants';
import type { SaveStyleBody } from '@qrqr/shared/qr-design-schemas';
import { isUniqueViolation } from '../../db/dialect';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { insertStyle, listUserStyles, type StyleRow } from './repository';

/**
 * Keeps a named style of the member's: at most DESIGN_LIMITS.stylesMax (E-409), one name once
 * (E-409, also when two saves race: the unique index decides). The count and the insert share a
 * transaction, which takes SQLite's write lock at its start, so two saves cannot both pass at 19.
 */
export async function saveStyle(
  ctx: Pick<AppContext, 'db'>,
  input: { userId: string; body: SaveStyleBody },
): Promise<StyleRow> {
  const { name, design } = input.body;
  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      const styles = await listUserStyles(ctx.db, input.userId, trx);
      if (styles.some((s) => s.name === name)) throw nameTaken();
      if (styles.length >= DESIGN_LIMITS.stylesMax)
        throw new AppError('E-409', { messageKey: 'errors.styles_limit' });
      return insertStyle(
        ctx.db,
        { user_id: input.userId, name, design: JSON.stringify(design), created_at: Date.now() },
        trx,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

const nameTaken = () => new AppError('E-409', { messageKey: 'errors.style_name_taken' });
