import type { Config } from '../../config.ts';
import { seedRates } from '../../modules/rates/rates.seed.ts';
import type { Db } from '../client.ts';
import { seedDirectory } from './directory.seed.ts';
import { seedPlatform } from './platform.seed.ts';

export interface SeedContext {
  db: Db;
  config: Config;
  /** Stable clock for the demo data, so figures are reproducible in tests. */
  now: Date;
}

/**
 * Demo data, in dependency order. Each module adds its seeder here; a seeder may assume the
 * ones before it ran (users and regions exist before the directory, rates before invoices).
 */
const seeders: Array<{ name: string; run: (ctx: SeedContext) => Promise<void> }> = [
  { name: 'platform', run: seedPlatform },
  { name: 'rates', run: seedRates },
  { name: 'directory', run: seedDirectory },
];

export async function seedDemo(ctx: SeedContext): Promise<void> {
  // One transaction: a failed seed leaves an empty database, and the next start tries again.
  await ctx.db.transaction(async (tx) => {
    for (const s of seeders) await s.run({ ...ctx, db: tx as unknown as Db });
  });
}
