import type { Transaction } from 'kysely';
import type { Db } from '../db/client';
import type { Database } from '../db/schema';

/**
 * Points where channel modules join each other's work without reading each other's tables:
 * a module that keeps tags in use (send lists) tells the tags module which ones, so a delete
 * can answer E-710; a module that acts on new followers (welcome messages) hears of each follow.
 */

/** One use of a tag: which tag, and the name of what uses it (a send list's name), for the owner to find. */
export interface TagUsage {
  tagId: number;
  usedBy: string;
}

/**
 * The uses of `tagIds` (all of channel `channelId`) that the registering module still keeps. It
 * runs inside the delete's transaction `trx`, so it must read through it (the tags are locked
 * there: what it finds cannot change before the delete).
 */
export type TagUsageCheck = (
  db: Db,
  channelId: number,
  tagIds: number[],
  trx?: Transaction<Database>,
) => Promise<TagUsage[]>;

export interface FollowedEvent {
  channelId: number;
  followerId: number;
}

export class ChannelHooks {
  private readonly tagUsage: TagUsageCheck[] = [];
  private readonly followed: Array<(event: FollowedEvent) => Promise<void>> = [];

  /** Registers a "tag in use" check; deleting a tag any check names answers E-710. */
  onTagUsage(check: TagUsageCheck): void {
    this.tagUsage.push(check);
  }

  /** Runs after a device follows a channel for the first time (not on a repeated follow). */
  onFollowed(handler: (event: FollowedEvent) => Promise<void>): void {
    this.followed.push(handler);
  }

  /** The tags among `tagIds` that any registered module uses, ascending, each with what uses it. */
  async tagsInUse(
    db: Db,
    channelId: number,
    tagIds: number[],
    trx?: Transaction<Database>,
  ): Promise<Array<{ tagId: number; usedBy: string[] }>> {
    if (tagIds.length === 0) return [];
    const used = new Map<number, string[]>();
    for (const check of this.tagUsage) {
      for (const { tagId, usedBy } of await check(db, channelId, tagIds, trx)) {
        const names = used.get(Number(tagId)) ?? [];
        if (!names.includes(usedBy)) names.push(usedBy);
        used.set(Number(tagId), names);
      }
    }
    return [...used].sort(([a], [b]) => a - b).map(([tagId, usedBy]) => ({ tagId, usedBy }));
  }

  async runFollowed(event: FollowedEvent): Promise<void> {
    for (const h of this.followed) await h(event);
  }
}
