import { Decimal } from 'decimal.js';
import type { Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { type ChangeEntry, recordChanges } from '../audit/audit.service.ts';
import { VOUCHER_APPROVED } from './vouchers.errors.ts';
import { VOUCHER_ENTITY, voucherSnapshot } from './vouchers.mappers.ts';
import {
  vouchersRepository as repo,
  type VoucherInsert,
  type VoucherRow,
  type VoucherScope,
  type VoucherSource,
} from './vouchers.repository.ts';

export type { VoucherScope };

/**
 * Payment vouchers follow the deadlines (decision 0010, "Payment vouchers"). The requests module
 * calls these in the transaction that writes a line's deadlines or status; they are the only way
 * it reaches the vouchers (a module never uses another's repository).
 */

/** Approved or (partly) paid: the voucher no longer follows its deadline. */
const held = (v: VoucherRow) => v.status !== 'Inactive' || !new Decimal(v.settled_amount).isZero();

/** A deadline of a supplier's line that is still to be paid has a voucher. */
const live = (s: VoucherSource): s is VoucherSource & { supplier_id: number } =>
  s.supplier_id !== null && s.line_status !== 'Canceled' && !s.request_canceled;

/** What a voucher copies from its deadline, line and request. */
function copied(s: VoucherSource & { supplier_id: number }): VoucherInsert {
  return {
    deadline_id: s.deadline_id,
    line_id: s.line_id,
    request_id: s.request_id,
    supplier_id: s.supplier_id,
    company_id: s.company_id,
    type: s.type,
    due_date: s.due_date,
    amount: s.amount,
    currency: s.currency,
  };
}

const differs = (v: VoucherRow, s: VoucherSource) =>
  v.type !== s.type ||
  v.due_date !== s.due_date ||
  !new Decimal(v.amount).equals(s.amount) ||
  v.currency !== s.currency ||
  v.supplier_id !== s.supplier_id ||
  v.company_id !== s.company_id;

/**
 * Reconciles the vouchers of a line (or of every line of a request) with their deadlines, after
 * the deadlines were written: a deadline of a live line without a voucher gets an Inactive one;
 * an Inactive voucher takes its deadline's type, date and amount (and the line's supplier and
 * currency); the Inactive vouchers of a Canceled line or request are deleted, approved ones stay.
 * A deadline that changed under an approved or paid voucher: 400 VOUCHER_APPROVED (the caller's
 * transaction rolls back). Each change is in the voucher's history.
 */
export async function syncVouchers(tx: Executor, ctx: Ctx | null, scope: VoucherScope): Promise<void> {
  const vouchers = await repo.lockOf(tx, scope);
  const byDeadline = new Map(vouchers.map((v) => [v.deadline_id, v]));
  const sources = await repo.sourcesOf(tx, scope);
  const inserts: VoucherInsert[] = [];
  const removed: VoucherRow[] = [];
  const history: ChangeEntry[] = [];
  for (const s of sources) {
    const v = byDeadline.get(s.deadline_id);
    if (!v) {
      if (live(s)) inserts.push(copied(s));
      continue;
    }
    if (held(v)) {
      if (differs(v, s)) throw VOUCHER_APPROVED(v);
    } else if (!live(s)) {
      removed.push(v);
    } else if (differs(v, s)) {
      const after = await repo.follow(tx, v.id, copied(s));
      history.push({
        entity: VOUCHER_ENTITY,
        id: v.id,
        before: voucherSnapshot(v),
        after: voucherSnapshot(after),
      });
    }
  }
  await repo.deleteMany(
    tx,
    removed.map((v) => v.id),
  );
  for (const v of removed)
    history.push({ entity: VOUCHER_ENTITY, id: v.id, before: voucherSnapshot(v), after: null });
  for (const v of await repo.insertMany(tx, inserts))
    history.push({ entity: VOUCHER_ENTITY, id: v.id, before: null, after: voucherSnapshot(v) });
  await recordChanges(tx, ctx, history);
}

/**
 * Runs `write` (which changes deadlines, lines or the request: rows may be deleted, and their
 * vouchers with them by the foreign key) with the scope's vouchers locked, then syncs them. An
 * approved or paid voucher whose deadline went away refuses the change (400 VOUCHER_APPROVED); an
 * Inactive one is gone with its deadline, and its history says so.
 */
export async function withVouchersInStep<T>(
  tx: Executor,
  ctx: Ctx | null,
  scope: VoucherScope,
  write: () => Promise<T>,
): Promise<T> {
  const before = await repo.lockOf(tx, scope);
  const result = await write();
  const still = await repo.idsOf(tx, scope);
  const gone = before.filter((v) => !still.has(v.id));
  const lost = gone.find(held);
  if (lost) throw VOUCHER_APPROVED(lost);
  await recordChanges(
    tx,
    ctx,
    gone.map((v) => ({ entity: VOUCHER_ENTITY, id: v.id, before: voucherSnapshot(v), after: null })),
  );
  await syncVouchers(tx, ctx, scope);
  return result;
}

/**
 * Inactive vouchers for every deadline of a live line that has none (data written before vouchers
 * existed, the demo seed). Answers how many were made; no history (the system made them).
 */
export function backfillVouchers(ex: Executor): Promise<number> {
  return repo.backfill(ex);
}
