import type { Db } from './client';
import { openFromEnv } from './open-from-env';

export interface OperatorCommand<T> {
  /** Reads the command line; throws an Error whose message says what is wrong. */
  parse(argv: string[]): T;
  usage: string;
  /** Does the work on the configured, migrated database; returns the exit code. */
  run(db: Db, input: T): Promise<number>;
}

/**
 * Runs an operator command (`npm run news:add`, `npm run channel:official`) against the database of
 * the same environment as the server: a bad command line exits 2 with the usage, a bad
 * configuration 1, and the database is closed whatever happens.
 */
export async function runOperatorCommand<T>(command: OperatorCommand<T>): Promise<number> {
  let input: T;
  try {
    input = command.parse(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${command.usage}`);
    return 2;
  }
  const opened = await openFromEnv();
  if (!opened) return 1;
  try {
    return await command.run(opened.db, input);
  } finally {
    await opened.db.close();
  }
}
