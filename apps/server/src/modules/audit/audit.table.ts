import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * Every recorded change of any record: who, when, what. `changes` maps each changed field to
 * `[before, after]`. Generic on purpose, so every module records the same way.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: varchar('entity', { length: 40 }).notNull(),
    entity_id: integer('entity_id').notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entity_id, t.at)],
);
