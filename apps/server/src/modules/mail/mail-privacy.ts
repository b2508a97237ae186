import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth-user.ts';

/**
 * Which mailboxes a user sees (decision 0014): an Admin every one, anyone else only their own
 * office's; a message of another office answers 404, as if it did not exist. `mailboxId` is the
 * SQL of the mailbox id column (or value) being checked.
 */
export function mailboxVisible(user: Pick<AuthUser, 'role' | 'region_id'>, mailboxId: SQL): SQL {
  if (user.role === 'Admin') return sql`true`;
  if (user.region_id === null) return sql`false`;
  return sql`${mailboxId} in (select id from mailboxes where region_id = ${user.region_id})`;
}
