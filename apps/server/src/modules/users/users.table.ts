import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { regions } from '../rates/regions.table.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    password_hash: text('password_hash').notNull(),
    /** 'admin' marks an administrator (spec section 3); everyone else is 'user'. */
    type: varchar('type', { length: 16 }).notNull().default('user'),
    role: varchar('role', { length: 16 }).notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    region_id: integer('region_id').references(() => regions.id, { onDelete: 'restrict' }),
    avatar: varchar('avatar', { length: 200 }),
    temporary_password: boolean('temporary_password').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    index('users_region_idx').on(t.region_id),
  ],
);
