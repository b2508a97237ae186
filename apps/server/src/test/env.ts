/**
 * The environment the test run was started with. Tests read it only through here (biome
 * `noProcessEnv`: the server reads it only in `config.ts`).
 */

/** The PostgreSQL server the suite runs on, when DATABASE_URL is set; otherwise PGlite. */
export const testDatabaseUrl: string | undefined = process.env.DATABASE_URL || undefined;

/** True on PostgreSQL: races are tested there only (`describe.runIf(onPostgres)`), PGlite serialises them. */
export const onPostgres = testDatabaseUrl !== undefined;

/**
 * The Redis the realtime tests across processes run on, when REDIS_URL is set (CI sets it with
 * PostgreSQL: `.ci/run`); without it those tests do not run.
 */
export const testRedisUrl: string | undefined = process.env.REDIS_URL || undefined;

/** The environment for a child process a test starts: the run's own, with these variables changed. */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
