import type {
  BulkVoucherStatusBody,
  DirectoryListMeta,
  UpdateVoucherBody,
  Voucher,
  VoucherGroup,
  VoucherListQuery,
} from '@app/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { type ChangeEntry, recordChanges } from '../audit/audit.service.ts';
import { VOUCHER_NOT_FOUND, VOUCHER_PAID, VOUCHER_PAID_BY_MATCHING } from './vouchers.errors.ts';
import { toVoucher, VOUCHER_ENTITY, voucherSnapshot } from './vouchers.mappers.ts';
import { vouchersRepository as repo, type VoucherRow } from './vouchers.repository.ts';

export { VOUCHER_ENTITY };

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The Sunday of the ISO week (Monday to Sunday) of a UTC day. */
export function isoWeekSunday(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  const isoDay = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
  d.setUTCDate(d.getUTCDate() + 7 - isoDay);
  return dayOf(d);
}

export interface VoucherListResult {
  data: Voucher[];
  meta: DirectoryListMeta & { groups?: VoucherGroup[] };
}

export interface VouchersServiceDeps {
  db: Db;
  /** "Today" (UTC) for overdue and this week; tests pass their own. */
  clock?: () => Date;
}

/** Payment vouchers: the list, one voucher, approve and revoke (decision 0010). */
export function createVouchersService({ db, clock = () => new Date() }: VouchersServiceDeps) {
  const today = () => dayOf(clock());

  async function view(ex: Executor, id: number): Promise<Voucher> {
    const v = await repo.findById(ex, id);
    if (!v) throw VOUCHER_NOT_FOUND();
    return toVoucher(v, today());
  }

  /**
   * Approve (Active: approved now, by the caller) or revoke (Inactive) a locked voucher; a Paid one
   * changes no more (VOUCHER_PAID). Answers the history entry, or null when it already was so.
   */
  async function setStatus(
    tx: Executor,
    ctx: Ctx,
    v: VoucherRow,
    status: 'Active' | 'Inactive',
  ): Promise<ChangeEntry | null> {
    if (v.status === 'Paid') throw VOUCHER_PAID(v);
    if (v.status === status) return null;
    const after = await repo.setApproval(
      tx,
      v.id,
      status === 'Active' ? { at: clock(), by: ctx.user.id } : null,
    );
    return { entity: VOUCHER_ENTITY, id: v.id, before: voucherSnapshot(v), after: voucherSnapshot(after) };
  }

  /** Paid comes only from matching a payment (issue 11). */
  function wanted(status: UpdateVoucherBody['status']): 'Active' | 'Inactive' {
    if (status === 'Paid') throw VOUCHER_PAID_BY_MATCHING();
    return status;
  }

  return {
    async list(q: VoucherListQuery): Promise<VoucherListResult> {
      const day = today();
      const filter = {
        status: q.status,
        supplier: q.supplier,
        company: q.company,
        request: q.request,
        currency: q.currency,
        due_before: q.due_before,
        due_after: q.due_after,
        overdue: q.overdue,
        due_by: q.due === 'this_week' ? isoWeekSunday(day) : undefined,
        today: day,
        ordering: q.ordering,
      };
      const [page, groups] = await Promise.all([
        repo.page(db, filter, q.limit, q.offset),
        q.group === 'supplier' ? repo.groups(db, filter) : Promise.resolve(null),
      ]);
      return {
        data: page.rows.map((v) => toVoucher(v, day)),
        meta: {
          total: page.total,
          total_estimated: false,
          limit: q.limit,
          offset: q.offset,
          ...(groups && {
            groups: groups.map((g) => ({
              supplier: { id: g.supplier_id, name: g.supplier_name },
              currency: g.currency as VoucherGroup['currency'],
              count: g.count,
              amount: g.amount,
            })),
          }),
        },
      };
    },

    get: (id: number): Promise<Voucher> => view(db, id),

    /** `PATCH payment-vouchers/{id}/`: approve or revoke at the version the caller saw. */
    async update(ctx: Ctx, id: number, body: UpdateVoucherBody): Promise<Voucher> {
      const status = wanted(body.status);
      return db.transaction(async (tx) => {
        const [v] = await repo.lockMany(tx, [id]);
        if (!v) throw VOUCHER_NOT_FOUND();
        if (v.version !== body.version) throw AppError.stale();
        const entry = await setStatus(tx, ctx, v, status);
        if (entry) await recordChanges(tx, ctx, [entry]);
        return view(tx, id);
      });
    },

    /**
     * `POST payment-vouchers/approve/`: approve or revoke several vouchers, all or none. Each is
     * checked as one `PATCH` checks it (a Paid one refuses the whole call); a missing id is a 404.
     */
    async updateMany(ctx: Ctx, body: BulkVoucherStatusBody): Promise<Voucher[]> {
      const status = wanted(body.status);
      const ids = await db.transaction(async (tx) => {
        const locked = await repo.lockMany(tx, body.ids);
        if (locked.length !== body.ids.length) throw VOUCHER_NOT_FOUND();
        const entries: ChangeEntry[] = [];
        for (const v of locked) {
          const entry = await setStatus(tx, ctx, v, status);
          if (entry) entries.push(entry);
        }
        await recordChanges(tx, ctx, entries);
        return locked.map((v) => v.id);
      });
      const day = today();
      return (await repo.viewsOf(db, ids)).map((v) => toVoucher(v, day));
    },
  };
}

export type VouchersService = ReturnType<typeof createVouchersService>;
