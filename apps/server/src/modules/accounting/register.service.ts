import type {
  CurrencyTotals,
  DirectoryListResult,
  RegisterQuery,
  RegisterRow,
  RegisterTotalsQuery,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { toRegisterRow } from './register.mappers.ts';
import { registerRepository } from './register.repository.ts';
import {
  type RegisterFilter,
  registerListRepository as repo,
  wholeWordOf,
} from './register-list.repository.ts';
import { registerTotalsRepository as totalsRepo } from './register-totals.repository.ts';

export interface RegisterServiceDeps {
  db: Db;
  /** "Today" for overdue, taken in UTC; tests pass their own. */
  clock?: () => Date;
}

const todayOf = (d: Date) => d.toISOString().slice(0, 10);
/** Deltas a read takes as they are; beyond, it folds them into the sums first (same answer either way). */
export const FOLD_AT = 1000;

/** Invoices & Bills (decision 0010): one list of client invoices, credit notes and bills. */
export function createRegisterService({ db, clock = () => new Date() }: RegisterServiceDeps) {
  /**
   * The register's filter from a query: its filters, today's date, and a typed number looked up as
   * the whole word when some document has it (else by its parts, as any search).
   */
  const filterOf = async (q: RegisterTotalsQuery, today: string): Promise<RegisterFilter> => {
    const word = wholeWordOf(q.search);
    return word && (await repo.hasWholeWord(db, word)) ? { ...q, today, wholeWord: word } : { ...q, today };
  };

  /** Writers append deltas; past FOLD_AT of them, a read folds them into the sums first. */
  const foldIfDue = async () => {
    if ((await totalsRepo.pendingDeltas(db, FOLD_AT)) > FOLD_AT) await registerRepository.foldDeltas(db);
  };

  return {
    async list(q: RegisterQuery): Promise<DirectoryListResult<RegisterRow>> {
      const { limit, offset, ordering, ...filter } = q;
      const today = todayOf(clock());
      const f = await filterOf(filter, today);
      await foldIfDue();
      const page = await repo.page(db, f, ordering, limit, offset, await totalsRepo.count(db, f));
      const rows = await repo.byIds(db, page.ids);
      return {
        data: rows.map((row) => toRegisterRow(row, today)),
        meta: { total: page.total, total_estimated: page.estimated, limit, offset },
      };
    },

    /** The footer: count, total and open amount per currency over every match (not only the page). */
    async totals(q: RegisterTotalsQuery): Promise<CurrencyTotals[]> {
      await foldIfDue();
      return totalsRepo.totals(db, await filterOf(q, todayOf(clock())));
    },

    /**
     * The ids of every match in list order (at most `max`) and a loader of their rows, with one
     * "today" for both: an export's pages (`idPages`).
     */
    async matches(
      q: RegisterTotalsQuery & { ordering: string },
      max: number,
    ): Promise<{ ids: number[]; load: (ids: number[]) => Promise<RegisterRow[]> }> {
      const { ordering, ...filter } = q;
      const today = todayOf(clock());
      const ids = await repo.allIds(db, await filterOf(filter, today), ordering, max);
      const load = async (page: number[]) =>
        (await repo.byIds(db, page)).map((row) => toRegisterRow(row, today));
      return { ids, load };
    },
  };
}
export type RegisterService = ReturnType<typeof createRegisterService>;
