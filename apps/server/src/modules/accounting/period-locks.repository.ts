import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** A lock row with the names it is shown with; `month` is `YYYY-MM-DD` (the first day). */
export interface PeriodLockRow {
  company_id: number;
  company_code: string;
  company_name: string;
  month: string;
  locked_at: Date | string;
  locked_by_id: number | null;
  locked_by_name: string | null;
  reopened_at: Date | string | null;
  reopened_by_id: number | null;
  reopened_by_name: string | null;
}

/** The rows of `period_locks` that `where` picks, with the company and the two users' names. */
function select(ex: Executor, where: SQL) {
  return queryRows<PeriodLockRow>(
    ex,
    sql`select l.company_id, c.code as company_code, c.name as company_name,
          to_char(l.month, 'YYYY-MM-DD') as month, l.locked_at,
          l.locked_by as locked_by_id, lu.name as locked_by_name,
          l.reopened_at, l.reopened_by as reopened_by_id, ru.name as reopened_by_name
        from period_locks l
        join companies c on c.id = l.company_id
        left join users lu on lu.id = l.locked_by
        left join users ru on ru.id = l.reopened_by
        where ${where}
        order by l.month desc, c.code`,
  );
}

const one = (companyId: number, month: string) =>
  sql`l.company_id = ${companyId} and l.month = ${month}::date`;

export const periodLocksRepository = {
  list: (ex: Executor, companyId: number | undefined): Promise<PeriodLockRow[]> =>
    select(ex, companyId === undefined ? sql`true` : sql`l.company_id = ${companyId}`),

  async find(ex: Executor, companyId: number, month: string): Promise<PeriodLockRow | null> {
    return (await select(ex, one(companyId, month)))[0] ?? null;
  },

  /**
   * The company, locked until the close or reopen commits: the period-lock trigger takes the row
   * FOR SHARE, so writes into the month in flight finish first and later ones see the lock.
   */
  async company(ex: Executor, id: number): Promise<{ id: number; code: string } | null> {
    const rows = await queryRows<{ id: number; code: string }>(
      ex,
      sql`select id, code from companies where id = ${id} for update`,
    );
    return rows[0] ?? null;
  },

  /**
   * Closes the month: a new lock, or a reopened one locked anew. False when it is already
   * closed (the conflicting row is locked and left as it is).
   */
  async close(ex: Executor, companyId: number, month: string, userId: number | null): Promise<boolean> {
    const rows = await queryRows<{ company_id: number }>(
      ex,
      sql`insert into period_locks (company_id, month, locked_at, locked_by)
          values (${companyId}, ${month}::date, now(), ${userId})
          on conflict (company_id, month) do update
            set locked_at = now(), locked_by = excluded.locked_by, reopened_at = null, reopened_by = null
            where period_locks.reopened_at is not null
          returning company_id`,
    );
    return rows.length > 0;
  },

  /** Reopens a closed month; false when it is not closed. */
  async reopen(ex: Executor, companyId: number, month: string, userId: number | null): Promise<boolean> {
    const rows = await queryRows<{ company_id: number }>(
      ex,
      sql`update period_locks set reopened_at = now(), reopened_by = ${userId}
          where company_id = ${companyId} and month = ${month}::date and reopened_at is null
          returning company_id`,
    );
    return rows.length > 0;
  },
};
