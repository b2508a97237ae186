import { bigserial, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * A workspace count too large to count on each visit (decision 0011, "Workspace"), kept as
 * changes: triggers append each writing statement's change (`workspace.guards.sql`), a read sums
 * them, and a read that finds many folds them into one row. No hot row for writers to queue on.
 * Keys: `unmatched_transactions`.
 */
export const workspaceCountDeltas = pgTable('workspace_count_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  key: varchar('key', { length: 40 }).notNull(),
  n: integer('n').notNull(),
});
