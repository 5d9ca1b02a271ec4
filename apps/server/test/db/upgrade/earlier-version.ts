import { type MigrationName, migrateToLatest } from '../../../src/db/migrate';
import { type BareDatabase, bareDatabase } from '../../helpers/bare-database';
import { tableNames } from '../../helpers/schema-snapshot';
import { writeChannelRows } from './channel-rows';
import { putInto } from './insert-row';
import { writeMemberRows } from './member-rows';
import { writeMessageRows } from './message-rows';

export interface EarlierVersion {
  bare: BareDatabase;
  /** `reservedId` and `welcomeId` are 0 when the version had no messages yet. */
  ids: { channelId: number; reservedId: number; welcomeId: number };
}

/**
 * A database as the version whose last migration was `through` left it, built by the real
 * migrator (no file kept in the repository), with rows in every table it had, written as it wrote
 * them.
 */
export async function earlierVersion(through: MigrationName): Promise<EarlierVersion> {
  const bare = await bareDatabase();
  try {
    await migrateToLatest(bare.db, { through });
    const put = putInto(bare.db, new Set(await tableNames(bare.db)));
    const channel = await writeChannelRows(put, await writeMemberRows(put));
    const messages = await writeMessageRows(put, channel);
    return { bare, ids: { channelId: channel.channelId, ...messages } };
  } catch (error) {
    await bare.close();
    throw error;
  }
}
