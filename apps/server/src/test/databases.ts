import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { testConfig } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { seedPlatform } from '../db/seed/platform.seed.ts';
import { testDatabaseUrl } from './env.ts';

const RUN = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

function withDb(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function migrateAndSeed(database: Database): Promise<void> {
  await database.migrate();
  await seedPlatform({ db: database.db, config: testConfig(), now: new Date('2026-01-15T10:00:00Z') });
}

export async function prepareTemplate(url: string): Promise<string> {
  const name = `${RUN}_tmpl`;
  await admin(url, (c) => c.query(`create database ${name}`));
  const database = await openPostgres(withDb(url, name), 2);
  try {
    await migrateAndSeed(database);
  } finally {
    await database.close();
  }
  return name;
}

export async function dropDatabase(url: string, name: string, opts: { like?: boolean } = {}): Promise<void> {
  await admin(url, async (c) => {
    const names = opts.like
      ? (
          await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [
            `${RUN}%`,
          ])
        ).rows.map((r) => r.datname)
      : [name];
    for (const n of names) await c.query(`drop database if exists ${n} with (force)`);
  });
}

let pgliteTemplate: Promise<PGlite> | undefined;

/**
 * A database of the test's own, migrated and holding the four platform users:
 * a copy of the PostgreSQL template when DATABASE_URL is set, otherwise a clone of a PGlite template.
 */
export async function freshDatabase(
  pgTemplate: string | null,
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const url = testDatabaseUrl;
  if (url && pgTemplate) {
    const name = `${RUN}_${randomBytes(4).toString('hex')}`;
    await admin(url, (c) => c.query(`create database ${name} template ${pgTemplate}`));
    const database = await openPostgres(withDb(url, name), 5);
    return {
      database,
      dispose: async () => {
        await database.close();
        await dropDatabase(url, name);
      },
    };
  }
  pgliteTemplate ??= (async () => {
    const template = await PGlite.create();
    await migrateAndSeed(await openPglite(undefined, template));
    return template;
  })();
  const clone = (await (await pgliteTemplate).clone()) as PGlite;
  const database = await openPglite(undefined, clone);
  return { database, dispose: () => database.close() };
}
