import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';

/** Lookups of the records directory entries point at (managers, offices). */
export const directoryRefsRepository = {
  async user(ex: Executor, id: number): Promise<{ role: string; is_active: boolean } | null> {
    const rows = await ex
      .select({ role: users.role, is_active: users.is_active })
      .from(users)
      .where(eq(users.id, id));
    return rows[0] ?? null;
  },

  async regionExists(ex: Executor, id: number): Promise<boolean> {
    const rows = await ex.select({ id: regions.id }).from(regions).where(eq(regions.id, id));
    return rows.length > 0;
  },

  /** Active users of a role (imports name managers in words; a deactivated one is no new manager). */
  async usersOfRole(ex: Executor, role: string): Promise<Array<{ id: number; name: string; email: string }>> {
    return ex
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.role, role), eq(users.is_active, true)));
  },

  async regionsAll(ex: Executor): Promise<Array<{ id: number; title: string; ccy: string }>> {
    return ex.select({ id: regions.id, title: regions.title, ccy: regions.ccy }).from(regions);
  },
};
