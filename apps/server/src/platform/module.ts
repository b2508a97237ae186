import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Core } from './core.ts';
import type { App } from './types.ts';

/** What a demo-data seeder receives. */
export interface SeedContext {
  db: Db;
  config: Config;
  /** Stable clock for the demo data, so figures are reproducible in tests. */
  now: Date;
}

/**
 * One area of the server. `modules/<m>/index.ts` exports one, and `modules/registry.ts` lists it:
 * that list is the only place the server learns about its modules.
 */
export interface ServerModule {
  /** The folder under `modules/`. */
  name: string;
  /** Builds the module's services from the core and registers its routes under /api/v1. */
  register(app: App, core: Core): Promise<void>;
  /**
   * Demo data for an empty database (`modules/<m>/<m>.seed.ts`). Seeders run once, in registry order
   * after the platform seed, in one transaction: a seeder may rely on the ones before it.
   */
  seed?(ctx: SeedContext): Promise<void>;
}
