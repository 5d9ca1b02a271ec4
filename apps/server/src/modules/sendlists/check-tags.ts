import type { SendlistFilterBody } from '@qrqr/shared/sendlist-schemas';
import { tagsInUse } from '@qrqr/shared/tag-filter';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import { AppError } from '../../platform/http/errors';
import { holdChannelTags } from '../tags/lookup';

/**
 * Every tag of a used box must be a tag of this channel. A missing tag and another channel's tag
 * answer alike (a field error on the box), so nothing about other channels leaks; a tag deleted
 * while the editor was open gets the same clear message.
 */
export async function checkChannelTags(
  db: Db,
  channelId: number,
  filter: SendlistFilterBody,
  trx?: Transaction<Database>,
): Promise<void> {
  const known = new Set(await holdChannelTags({ db }, channelId, tagsInUse(filter), trx));
  for (const field of ['tag_list_1', 'tag_list_2'] as const) {
    if (filter[field].some((id) => !known.has(id))) {
      throw AppError.field(field, 'validation.sendlist_tag_unknown');
    }
  }
}
