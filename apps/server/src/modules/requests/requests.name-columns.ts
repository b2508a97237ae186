import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clients } from '../directory/clients.table.ts';
import { users } from '../users/users.table.ts';

// The names a request points to, as the list, the page and the deadlines select them.

export const fo = alias(users, 'fo_manager');
export const bo = alias(users, 'bo_manager');
export const creator = alias(users, 'creator');

export const clientName = sql<string>`${clients.first_name} || ' ' || ${clients.last_name}`;
