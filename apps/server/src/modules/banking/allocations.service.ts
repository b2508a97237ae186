import {
  ALLOCATION_MESSAGES,
  type Allocation,
  type AllocationBody,
  type AllocationListQuery,
  type AllocationPreview,
  type DirectoryListResult,
  isCreditTransaction,
  MESSAGES,
  type RateLike,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { assertPeriodOpen, periodLockError } from '../accounting/period-locks.guard.ts';
import {
  billForSettlement,
  billHoldsLine,
  invoiceForSettlement,
  type SettlementCause,
  settleBill,
  settleInvoice,
  settleVoucher,
  voucherForSettlement,
} from '../accounting/settlement.ts';
import { recordChange } from '../audit/audit.service.ts';
import {
  ALLOCATION_ENTITY,
  allocationSnapshot,
  BANK_TRANSACTION_ENTITY,
  toAllocation,
} from './allocations.mappers.ts';
import { type AllocationRow, allocationsRepository as repo } from './allocations.repository.ts';
import {
  type AllocationAmounts,
  type AllocationDocuments,
  type AllocationFx,
  type AllocationTransaction,
  checkOpen,
  checkParties,
  computeFx,
  documentLabel,
  fromCredit,
  money,
  open,
  resolveAmounts,
} from './allocations.rules.ts';
import { balancesRepository } from './balances.repository.ts';
import { lockedCreditBalance } from './balances.service.ts';

export { ALLOCATION_ENTITY, BANK_TRANSACTION_ENTITY };

export interface AllocationsServiceDeps {
  db: Db;
  /** The rates module's set in force on a date (read before a transaction opens: PGlite has one connection). */
  rates: { onDate(date: string): Promise<{ id: number; rates: readonly RateLike[] } | null> };
}

type RateSet = Awaited<ReturnType<AllocationsServiceDeps['rates']['onDate']>>;

interface Plan {
  t: AllocationTransaction;
  docs: AllocationDocuments;
  amounts: AllocationAmounts;
  fx: AllocationFx;
}

const invalid = (field: string) => AppError.fields({ [field]: [MESSAGES.invalidValue] });
const NOT_FOUND = () => AppError.notFound('Allocation');

/** A CHECK constraint refused the write: under a race, the last guard against over-allocation. */
function isCheckViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23514' || e?.cause?.code === '23514';
}

/** The documents of a body (or of a stored allocation), locked voucher first, then its bill. */
async function loadDocuments(
  ex: Executor,
  ids: {
    invoice?: number | null | undefined;
    bill?: number | null | undefined;
    voucher?: number | null | undefined;
  },
  lock: boolean,
): Promise<AllocationDocuments> {
  if (ids.invoice) {
    const invoice = await invoiceForSettlement(ex, ids.invoice, lock);
    if (!invoice) throw invalid('invoice');
    return { main: invoice, bill: null };
  }
  const voucher = ids.voucher ? await voucherForSettlement(ex, ids.voucher, lock) : null;
  if (ids.voucher && !voucher) throw invalid('voucher');
  const bill = ids.bill ? await billForSettlement(ex, ids.bill, lock) : null;
  if (ids.bill && !bill) throw invalid('bill');
  if (voucher && bill && !(await billHoldsLine(ex, bill.id, voucher.line_id!)))
    throw new AppError(
      'ALLOCATION_OTHER_COUNTERPARTY',
      ALLOCATION_MESSAGES.voucherOfAnotherBill(documentLabel(voucher), bill.number),
      { rule: true },
    );
  return voucher ? { main: voucher, bill } : { main: bill!, bill: null };
}

const isClientCredit = (t: AllocationTransaction) =>
  t.counterparty_kind === 'client' && isCreditTransaction(t);

/**
 * The client's balance when the line pays from credit, taking the balance's locks (the client's
 * credit lines in id order, this one among them) before the line's own: paying from credit and a
 * refund then queue on them.
 */
async function creditOf(ex: Executor, t: AllocationTransaction) {
  if (!isClientCredit(t)) return null;
  const balance = await lockedCreditBalance(ex, t.counterparty_id!, t.currency);
  const client =
    (await balancesRepository.clientName(ex, t.counterparty_id!)) ?? `client ${t.counterparty_id}`;
  return { balance, client };
}

/** Every rule, with what an allocation would store; `t` and the documents as read (locked or not). */
function planOf(
  t: AllocationTransaction,
  docs: AllocationDocuments,
  body: Pick<AllocationBody, 'amount' | 'invoice_amount'>,
  set: RateSet,
  credit: { balance: string; client: string } | null,
): Plan {
  checkParties(t, docs);
  const amounts = resolveAmounts(t, docs.main, body);
  checkOpen(t, docs, amounts, credit);
  const fx = computeFx(t, docs, amounts, set?.rates ?? null);
  return { t, docs, amounts, fx };
}

/** Settles (or, negative, unsettles) the documents of an allocation, with the cause in their history. */
async function settle(tx: Executor, docs: AllocationDocuments, delta: string, cause: SettlementCause) {
  const { main, bill } = docs;
  if (main.kind === 'invoice' || main.kind === 'credit_note') await settleInvoice(tx, main.id, delta, cause);
  else if (main.kind === 'voucher') await settleVoucher(tx, main.id, delta, cause);
  else await settleBill(tx, main.id, delta, cause);
  if (bill) await settleBill(tx, bill.id, delta, cause);
}

/** The line's allocated amount moved, in its history. */
async function moveTransaction(
  tx: Executor,
  ctx: Ctx | null,
  t: AllocationTransaction,
  delta: string,
  note: string,
): Promise<void> {
  const before = {
    allocated_amount: t.allocated_amount,
    match_status: new Decimal(t.allocated_amount).equals(t.amount) ? 'matched' : 'unmatched',
  };
  const after = await repo.raiseAllocated(tx, t.id, delta);
  await recordChange(
    tx,
    ctx,
    BANK_TRANSACTION_ENTITY,
    t.id,
    { allocated_amount: money(before.allocated_amount), match_status: before.match_status, allocation: null },
    { allocated_amount: money(after.allocated_amount), match_status: after.match_status, allocation: note },
    'update',
  );
}

/** Matching (decision 0011, "Allocations"): one database transaction per allocation, locks in one order. */
export function createAllocationsService({ db, rates }: AllocationsServiceDeps) {
  async function get(id: number): Promise<Allocation> {
    const [view] = await repo.views(db, [id]);
    if (!view) throw NOT_FOUND();
    return toAllocation(view);
  }

  /** The line read before the transaction opens, and the rate set of its date. */
  async function prepare(transactionId: number): Promise<{ pre: AllocationTransaction; set: RateSet }> {
    const pre = await repo.transaction(db, transactionId, false);
    if (!pre) throw invalid('transaction');
    return { pre, set: await rates.onDate(pre.date) };
  }

  /** Writes nothing: the same rules on the rows as they are, without locks. */
  async function preview(body: AllocationBody): Promise<AllocationPreview> {
    const { pre: t, set } = await prepare(body.transaction);
    const docs = await loadDocuments(db, body, false);
    await assertPeriodOpen(db, t.company_id, t.date);
    const credit = isClientCredit(t)
      ? {
          balance: await balancesRepository.balance(db, t.counterparty_id!, t.currency, false),
          client: (await balancesRepository.clientName(db, t.counterparty_id!)) ?? '',
        }
      : null;
    const p = planOf(t, docs, body, set, credit);
    const documentOpenAfter = open(docs.main.total, docs.main.settled_amount).minus(
      p.amounts.document_amount,
    );
    return {
      ...p.amounts,
      ...p.fx,
      currency: t.currency as AllocationPreview['currency'],
      document_currency: docs.main.currency as AllocationPreview['document_currency'],
      base_currency: t.base_currency as AllocationPreview['base_currency'],
      from_credit: fromCredit(t),
      transaction_open_after: open(t.amount, t.allocated_amount).minus(p.amounts.amount).toFixed(2),
      document_open_after: documentOpenAfter.toFixed(2),
      settles_document: documentOpenAfter.isZero(),
    };
  }

  async function createIn(
    tx: Executor,
    ctx: Ctx,
    body: AllocationBody,
    pre: AllocationTransaction,
    set: RateSet,
  ) {
    // 1. the bank line (after the client's credit lines when it pays from credit), 2. the documents
    const credit = await creditOf(tx, pre);
    const t = await repo.transaction(tx, pre.id, true);
    if (!t) throw invalid('transaction');
    // what was read before the locks decided the locks and the rates: it must still hold
    if (
      t.date !== pre.date ||
      isClientCredit(t) !== isClientCredit(pre) ||
      t.counterparty_id !== pre.counterparty_id
    )
      throw AppError.stale();
    const docs = await loadDocuments(tx, body, true);
    await assertPeriodOpen(tx, t.company_id, t.date);
    const p = planOf(t, docs, body, set, credit);
    const row = await repo.insert(tx, {
      transaction_id: t.id,
      invoice_id: docs.main.kind === 'invoice' ? docs.main.id : null,
      voucher_id: docs.main.kind === 'voucher' ? docs.main.id : null,
      bill_id: docs.main.kind === 'bill' ? docs.main.id : (docs.bill?.id ?? null),
      ...p.amounts,
      ...p.fx,
      date: t.date,
      created_by: ctx.user.id,
    });
    const note = `Allocation ${row.id}: ${p.amounts.amount} ${t.currency} of transaction ${t.id} to ${documentLabel(docs.main)}${docs.bill ? ` and bill ${docs.bill.number}` : ''}`;
    await moveTransaction(tx, ctx, t, p.amounts.amount, note);
    await settle(tx, docs, p.amounts.document_amount, { ctx, note });
    await recordChange(tx, ctx, ALLOCATION_ENTITY, row.id, null, allocationSnapshot(row));
    return row.id;
  }

  async function removeIn(tx: Executor, ctx: Ctx, stored: AllocationRow): Promise<void> {
    const t = await repo.transaction(tx, stored.transaction_id, true);
    const a = await repo.find(tx, stored.id, true);
    if (!t || !a) throw NOT_FOUND();
    const docs = await loadDocuments(
      tx,
      { invoice: a.invoice_id, voucher: a.voucher_id, bill: a.bill_id },
      true,
    );
    await assertPeriodOpen(tx, t.company_id, a.date, t.date);
    await repo.delete(tx, a.id);
    const note = `Allocation ${a.id} removed: ${money(a.amount)} ${t.currency} of transaction ${t.id} from ${documentLabel(docs.main)}${docs.bill ? ` and bill ${docs.bill.number}` : ''}`;
    // exactly what the allocation added, subtracted
    await moveTransaction(tx, ctx, t, new Decimal(a.amount).negated().toFixed(2), note);
    await settle(tx, docs, new Decimal(a.document_amount).negated().toFixed(2), { ctx, note });
    await recordChange(tx, ctx, ALLOCATION_ENTITY, a.id, allocationSnapshot(a), null);
  }

  return {
    get,
    preview,

    async list(q: AllocationListQuery): Promise<DirectoryListResult<Allocation>> {
      const { rows, total } = await repo.list(db, q);
      return {
        data: rows.map(toAllocation),
        meta: { total, limit: q.limit, offset: q.offset, total_estimated: false },
      };
    },

    async create(ctx: Ctx, body: AllocationBody): Promise<Allocation> {
      const { pre, set } = await prepare(body.transaction);
      let id: number;
      try {
        id = await db.transaction((tx) => createIn(tx, ctx, body, pre, set));
      } catch (err) {
        // a month closed between the check and the write: the trigger's refusal, as the check's
        const locked = periodLockError(err);
        if (locked) throw locked;
        if (!isCheckViolation(err)) throw err;
        // a CHECK refused what the locks should have kept out: the sentence from the rows as they are
        await preview(body);
        throw new AppError('OVER_ALLOCATION', 'The allocation exceeds what is open: reload and try again.', {
          rule: true,
        });
      }
      return get(id);
    },

    async remove(ctx: Ctx, id: number): Promise<void> {
      const stored = await repo.find(db, id, false);
      if (!stored) throw NOT_FOUND();
      try {
        await db.transaction((tx) => removeIn(tx, ctx, stored));
      } catch (err) {
        throw periodLockError(err) ?? err;
      }
    },
  };
}
export type AllocationsService = ReturnType<typeof createAllocationsService>;
