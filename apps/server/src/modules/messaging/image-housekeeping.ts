import type { AppContext } from '../../platform/core/context';
import { deleteImages, lockImagesOfPurpose } from '../../platform/media/images';
import { MESSAGE_IMAGE_PURPOSE } from './image-routes';
import { imagesInUse } from './item-rows';

/**
 * An uploaded message picture no message or welcome message shows is deleted (hourly, on the job
 * seam): one uploaded and never saved, replaced in the editor, or left by a deleted message. A day
 * of grace keeps a picture an operator is still writing a message around. The candidates are
 * locked before their references are read, and a save share-locks the picture it names
 * (channelHasImage), so a picture saved meanwhile is seen in use, and a save after the delete finds
 * it gone ("choose the image again"). Returns how many went.
 */
export async function deleteUnusedMessageImages(ctx: AppContext, now = Date.now()): Promise<number> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const candidates = await lockImagesOfPurpose(
      ctx.db,
      { purpose: MESSAGE_IMAGE_PURPOSE, before: now - UNUSED_GRACE_MS, limit: BATCH },
      trx,
    );
    const urls = candidates.map((c) => c.url);
    const [byMessages, byWelcome] = await Promise.all([
      imagesInUse(ctx.db, 'messages', urls, trx),
      imagesInUse(ctx.db, 'welcome_messages', urls, trx),
    ]);
    const unused = candidates.filter((c) => !byMessages.has(c.url) && !byWelcome.has(c.url));
    let deleted = 0;
    for (const channelId of new Set(unused.map((c) => c.channelId)))
      deleted += await deleteImages(trx, {
        channelId,
        ids: unused.filter((c) => c.channelId === channelId).map((c) => c.id),
      });
    return deleted;
  });
}

/** How long an unused upload is kept (an editor still open). */
export const UNUSED_GRACE_MS = 24 * 3_600_000;
const BATCH = 500;
