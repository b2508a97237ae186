import { type SQL, sql } from 'drizzle-orm';

/**
 * `'A', 'B', ...` for a CHECK constraint over a value list fixed in code (`status in (...)`).
 * Written into the migration as literals, so quotes are doubled here.
 */
export function sqlValueList(values: readonly string[]): SQL {
  return sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
}
