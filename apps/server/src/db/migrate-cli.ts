import { loadConfig } from '../config';
import { createDb } from './client';
import { migrateToLatest } from './migrate';

/** `npm run db:migrate`: applies pending migrations and exits. */
const config = loadConfig();
const db = createDb(config);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await db.close();
}
