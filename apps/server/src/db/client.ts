import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { withCommitHooks } from './after-commit.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both engines: modules never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or a transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = new URL('../../drizzle', import.meta.url).pathname;

export async function openPglite(dataDir: string | undefined, existing?: PGlite): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true }); // PGlite does not create parents
  const client = existing ?? (await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined));
  const db = withCommitHooks(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection that the server drops (restart, failover) is reported here; without a
  // listener it would crash the process. The pool replaces the connection on the next query.
  pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message));
  const db = withCommitHooks(drizzleNodePg(pool, { schema }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Several processes may start at once: one migrates, the others wait for it.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock(727274)');
        await migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await conn.query('select pg_advisory_unlock(727274)');
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

/**
 * A query built and prepared once per executor, for the paths every request takes (token check,
 * current user): they skip drizzle's query building and, on PostgreSQL, the server's parse and plan.
 */
export function preparedPerExecutor<Q>(build: (ex: Executor) => Q): (ex: Executor) => Q {
  const cache = new WeakMap<Executor, Q>();
  return (ex) => {
    let query = cache.get(ex);
    if (!query) {
      query = build(ex);
      cache.set(ex, query);
    }
    return query;
  };
}

/** Rows of a raw SQL query, the same on both engines. */
export async function queryRows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
