import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { usersRepository } from '../modules/users/users.repository.ts';
import type { Database } from './client.ts';
import { seedDemo } from './seed/index.ts';

/** Migrates, then seeds demo data into an empty database when the configuration asks for it. */
export async function prepareDatabase(
  database: Database,
  config: Config,
  now = new Date(),
): Promise<{ seeded: boolean }> {
  await database.migrate();
  if (!config.seedDemo) return { seeded: false };
  if ((await usersRepository.countAll(database.db)) > 0) return { seeded: false };
  await seedDemo({ db: database.db, config, now });
  // PGlite runs no autovacuum: give the planner statistics for the data just written.
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
  return { seeded: true };
}
