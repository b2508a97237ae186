import { PERIOD_LOCK_MESSAGES } from '@app/shared';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';

export const PERIOD_LOCKED = (month: string, company: string) =>
  new AppError('PERIOD_LOCKED', PERIOD_LOCK_MESSAGES.locked(month, company), { rule: true });

/**
 * The service-side check of a closed month (decision 0011, "Period locks"): every write of
 * something dated (invoice, bill, transaction, allocation) calls it for the date it had and the
 * date it gets, before writing. The trigger in `period-locks.guards.sql` is the last guard.
 */
export async function assertPeriodOpen(
  ex: Executor,
  companyId: number,
  ...dates: (string | null | undefined)[]
) {
  const months = [...new Set(dates.filter((d): d is string => Boolean(d)).map((d) => `${d.slice(0, 7)}-01`))];
  if (!months.length) return;
  const rows = await queryRows<{ month: string; code: string }>(
    ex,
    sql`select to_char(l.month, 'YYYY-MM-DD') as month, c.code
        from period_locks l join companies c on c.id = l.company_id
        where l.company_id = ${companyId} and l.reopened_at is null
          and l.month in (${sql.join(
            months.map((m) => sql`${m}::date`),
            sql`, `,
          )})
        order by l.month limit 1`,
  );
  const hit = rows[0];
  if (hit) throw PERIOD_LOCKED(hit.month, hit.code);
}

/** The trigger's message (`period-locks.guards.sql`): `period_locked: 2026-03 TPRO`. */
const TRIGGER_MESSAGE = /period_locked: (\d{4}-\d{2}) (\S+)/;

function triggerMessage(err: unknown): RegExpExecArray | null {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  for (const candidate of [e, e?.cause]) {
    if (candidate?.code !== 'P0001' || typeof candidate.message !== 'string') continue;
    const m = TRIGGER_MESSAGE.exec(candidate.message);
    if (m) return m;
  }
  return null;
}

/** Whether a database error is the period-lock trigger's refusal (a write the service let through). */
export function isPeriodLockViolation(err: unknown): boolean {
  return triggerMessage(err) !== null;
}

/** The trigger's refusal as the service's 400 (`period_locked` with the sentence), else null. */
export function periodLockError(err: unknown): AppError | null {
  const m = triggerMessage(err);
  return m ? PERIOD_LOCKED(m[1]!, m[2]!) : null;
}
