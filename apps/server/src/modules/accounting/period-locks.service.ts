import {
  MESSAGES,
  PERIOD_LOCK_MESSAGES,
  type PeriodLock,
  type PeriodLockBody,
  type PeriodLockListQuery,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.service.ts';
import { type PeriodLockRow, periodLocksRepository as repo } from './period-locks.repository.ts';

/**
 * The audit entity of closed months. The history is kept per company (`entity_id` = the company's
 * id), each line naming its month: `{'2026-03': ['open', 'closed']}`.
 */
export const PERIOD_LOCK_ENTITY = 'period_lock';

const iso = (v: Date | string) => new Date(v).toISOString();

export function toPeriodLock(r: PeriodLockRow): PeriodLock {
  return {
    company: { id: r.company_id, code: r.company_code, name: r.company_name },
    month: r.month.slice(0, 7),
    locked: r.reopened_at === null,
    locked_at: iso(r.locked_at),
    locked_by: r.locked_by_id === null ? null : { id: r.locked_by_id, name: r.locked_by_name ?? '' },
    reopened_at: r.reopened_at === null ? null : iso(r.reopened_at),
    reopened_by: r.reopened_by_id === null ? null : { id: r.reopened_by_id, name: r.reopened_by_name ?? '' },
  };
}

const state = (month: string, closed: boolean) => ({ [month.slice(0, 7)]: closed ? 'closed' : 'open' });

export interface PeriodLocksServiceDeps {
  db: Db;
  /** "Today" (UTC): a month that has not ended cannot be closed. Tests pass their own. */
  clock?: () => Date;
}

/** Closing and reopening months (decision 0011, "Period locks"), both audited. */
export function createPeriodLocksService({ db, clock = () => new Date() }: PeriodLocksServiceDeps) {
  /**
   * Closes (`closing`) or reopens the company's month in one audited transaction; a month already
   * in that state is `period_locked` / `period_not_locked`.
   */
  async function turn(
    ctx: Ctx,
    companyId: number,
    month: string,
    closing: boolean,
    unknownCompany: () => AppError,
  ): Promise<PeriodLock> {
    await db.transaction(async (tx) => {
      const company = await repo.company(tx, companyId);
      if (!company) throw unknownCompany();
      const turned = closing
        ? await repo.close(tx, company.id, month, ctx.user.id)
        : await repo.reopen(tx, company.id, month, ctx.user.id);
      if (!turned)
        throw closing
          ? new AppError('PERIOD_LOCKED', PERIOD_LOCK_MESSAGES.alreadyLocked(month, company.code), {
              rule: true,
            })
          : new AppError('PERIOD_NOT_LOCKED', PERIOD_LOCK_MESSAGES.notLocked(month, company.code), {
              rule: true,
            });
      await recordChange(
        tx,
        ctx,
        PERIOD_LOCK_ENTITY,
        company.id,
        state(month, !closing),
        state(month, closing),
        'update',
      );
    });
    return toPeriodLock((await repo.find(db, companyId, month))!);
  }

  return {
    async list(q: PeriodLockListQuery): Promise<PeriodLock[]> {
      return (await repo.list(db, q.company)).map(toPeriodLock);
    },

    /** `POST period-locks/`: closes a month that has ended; already closed is `period_locked`. */
    async close(ctx: Ctx, body: PeriodLockBody): Promise<PeriodLock> {
      const month = `${body.month}-01`;
      const thisMonth = `${clock().toISOString().slice(0, 7)}-01`;
      if (month >= thisMonth) throw AppError.fields({ month: [PERIOD_LOCK_MESSAGES.future] });
      return turn(ctx, body.company, month, true, () =>
        AppError.fields({ company: [MESSAGES.invalidValue] }),
      );
    },

    /** `DELETE period-locks/{company}/{month}/` (Admin): reopens; not closed is `period_not_locked`. */
    async reopen(ctx: Ctx, companyId: number, monthOf: string): Promise<PeriodLock> {
      return turn(ctx, companyId, `${monthOf}-01`, false, () => AppError.notFound('Company'));
    },
  };
}
export type PeriodLocksService = ReturnType<typeof createPeriodLocksService>;
