import { serverModules } from '../../modules/registry.ts';
import type { SeedContext } from '../../platform/module.ts';
import type { Db } from '../client.ts';
import { seedPlatform } from './platform.seed.ts';

/**
 * Demo data, in dependency order: the platform first (the offices London and Dubai, the four demo
 * users), then each module's `seed` in registry order (rates before the directory, and so on).
 */
const seeders: Array<{ name: string; run: (ctx: SeedContext) => Promise<void> }> = [
  { name: 'platform', run: seedPlatform },
  ...serverModules.flatMap((m) => (m.seed ? [{ name: m.name, run: m.seed }] : [])),
];

export async function seedDemo(ctx: SeedContext): Promise<void> {
  // One transaction: a failed seed leaves an empty database, and the next start tries again.
  await ctx.db.transaction(async (tx) => {
    for (const s of seeders) await s.run({ ...ctx, db: tx as unknown as Db });
  });
}
