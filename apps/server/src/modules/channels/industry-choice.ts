import type { Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import { AppError } from '../../platform/http/errors';
import { findIndustry } from './repository';

/**
 * A channel's industry is a top industry or none; its sub-industry is a child of that industry,
 * or none. Field errors name which of the two is wrong.
 */
export async function checkIndustryChoice(
  db: Db,
  choice: { industory_id: number | null; sub_industory_id: number | null },
  trx?: Transaction<Database>,
): Promise<void> {
  if (choice.industory_id !== null) {
    const industry = await findIndustry(db, choice.industory_id, trx);
    if (!industry || industry.parent_id !== null)
      throw AppError.field('industory_id', 'validation.industry_invalid');
  }
  if (choice.sub_industory_id !== null) {
    const sub = await findIndustry(db, choice.sub_industory_id, trx);
    if (!sub || choice.industory_id === null || sub.parent_id !== choice.industory_id)
      throw AppError.field('sub_industory_id', 'validation.sub_industry_invalid');
  }
}
