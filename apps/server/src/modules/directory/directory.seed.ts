import type { Executor } from '../../db/client.ts';
import type { SeedContext } from '../../platform/module.ts';
import { seededRandom } from '../../platform/seeded-random.ts';
import { recordChanges } from '../audit/audit.service.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';
import { seedBanks } from './banks.seed.ts';
import { seedClients } from './clients.seed.ts';
import { ensureDirectoryReferenceData } from './reference-data.service.ts';
import { seedSuppliers } from './suppliers.seed.ts';

/** What the directory's seeders share: one generator, drawn in order, so every run gives the same records. */
export interface DirectoryDemo {
  db: Executor;
  now: Date;
  rnd: () => number;
  pick: <T>(list: readonly T[]) => T;
  /** The users (the FO managers among them) and the offices the platform seed created. */
  people: Array<{ id: number; name: string; role: string }>;
  offices: Array<{ id: number; title: string; ccy: string }>;
}

/**
 * A realistic directory so lists and pickers are never empty: three dozen clients across plans
 * and ratings, suppliers of every type, and the companies' bank accounts.
 */
export async function seedDirectory({ db, now }: SeedContext): Promise<void> {
  await ensureDirectoryReferenceData(db);
  const rnd = seededRandom(20260115);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  // One after the other: the seed runs in a transaction, whose one connection takes one query at a time.
  const people = await db.select({ id: users.id, name: users.name, role: users.role }).from(users);
  const offices = await db.select().from(regions);
  const demo: DirectoryDemo = { db, now, rnd, pick, people, offices };
  // In this order: each kind draws from the generator where the one before stopped.
  const clients = await seedClients(demo);
  const suppliers = await seedSuppliers(demo);
  const bankAccounts = await seedBanks(demo);
  // The demo history starts with the creation of each record, by the system.
  await recordChanges(db, null, [...clients, ...suppliers, ...bankAccounts]);
}
