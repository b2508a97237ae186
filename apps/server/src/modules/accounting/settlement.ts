import { formatDisplayDate } from '@app/shared';
import { Decimal } from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { recordChange } from '../audit/audit.service.ts';
import { BILL_ENTITY } from './bills.service.ts';
import { INVOICE_ENTITY } from './invoices.deps.ts';
import { registerRepository } from './register.repository.ts';
import { VOUCHER_ENTITY } from './vouchers.mappers.ts';

/**
 * The settlement side of the documents, for banking (decision 0011, "Allocations"): the only way
 * an allocation reads, locks and moves a client invoice, bill or payment voucher. Settlement moves
 * by a signed delta (`settled_amount = settled_amount + delta`), never by a value written over, so
 * unmatching subtracts exactly what matching added; the register row is synced in the same
 * transaction and the document's history says which allocation moved it.
 */
export type SettlementKind = 'invoice' | 'credit_note' | 'bill' | 'voucher';

export interface SettlementDocument {
  kind: SettlementKind;
  id: number;
  /** The invoice or bill number; a voucher's reads 'Prepayment of 12/03/2026 · BSLF-2026-00042'. */
  number: string;
  company_id: number;
  counterparty_kind: 'client' | 'supplier';
  counterparty_id: number;
  counterparty_name: string;
  currency: string;
  /** The invoice's total (negative on a credit note), the bill's or voucher's amount. */
  total: string;
  settled_amount: string;
  /** Stamped rate, document currency → company base (null on a voucher: it has none). */
  rate: string | null;
  issue_date: string | null;
  due_date: string;
  /** Unpaid, Partial, Paid; a voucher's Inactive, Active, Paid. */
  status: string;
  /** A voucher's request line (its bill must hold it). */
  line_id: number | null;
  version: number;
}

/**
 * How one document table is read and moved: the columns and joins only it has (aliased `d`), its
 * settlement status column, its audit entity and its register row.
 */
interface DocumentTable {
  table: string;
  /** The columns of `SettlementDocument` that differ by table (`forSettlement` adds the rest). */
  columns: SQL;
  joins: SQL;
  status: 'payment_status' | 'status';
  entity: string;
  noun: string;
  sync?: (ex: Executor, id: number) => Promise<void>;
}

const INVOICES: DocumentTable = {
  table: 'client_invoices',
  columns: sql`d.kind, d.number, 'client' as counterparty_kind, d.client_id as counterparty_id,
    c.first_name || ' ' || c.last_name as counterparty_name, d.total::text as total, d.rate::text as rate,
    d.issue_date::text as issue_date, null::int as line_id`,
  joins: sql`join clients c on c.id = d.client_id`,
  status: 'payment_status',
  entity: INVOICE_ENTITY,
  noun: 'Invoice',
  sync: (ex, id) => registerRepository.syncInvoice(ex, id),
};

const BILLS: DocumentTable = {
  table: 'supplier_invoices',
  columns: sql`'bill' as kind, d.number, 'supplier' as counterparty_kind, d.supplier_id as counterparty_id,
    s.name as counterparty_name, d.amount::text as total, d.rate::text as rate,
    d.issue_date::text as issue_date, null::int as line_id`,
  joins: sql`join suppliers s on s.id = d.supplier_id`,
  status: 'payment_status',
  entity: BILL_ENTITY,
  noun: 'Bill',
  sync: (ex, id) => registerRepository.syncBill(ex, id),
};

/** A voucher has no number: `type` and `request_number` make its label. */
const VOUCHERS: DocumentTable = {
  table: 'payment_vouchers',
  columns: sql`'voucher' as kind, d.type, r.number as request_number, 'supplier' as counterparty_kind,
    d.supplier_id as counterparty_id, s.name as counterparty_name, d.amount::text as total, null as rate,
    null as issue_date, d.line_id`,
  joins: sql`join suppliers s on s.id = d.supplier_id join requests r on r.id = d.request_id`,
  status: 'status',
  entity: VOUCHER_ENTITY,
  noun: 'Voucher',
};

/** One document, locked when `lock` (the allocation's transaction holds it). */
async function forSettlement<T>(
  ex: Executor,
  t: DocumentTable,
  id: number,
  lock: boolean,
): Promise<T | null> {
  const [row] = await queryRows<T>(
    ex,
    sql`select ${t.columns}, d.id, d.company_id, d.currency, d.settled_amount::text as settled_amount,
          d.due_date::text as due_date, d.${sql.identifier(t.status)} as status, d.version
        from ${sql.identifier(t.table)} d ${t.joins}
        where d.id = ${id} ${lock ? sql`for update of d` : sql``}`,
  );
  return row ?? null;
}

/** A client invoice or credit note, locked when `lock` (the allocation's transaction holds it). */
export function invoiceForSettlement(
  ex: Executor,
  id: number,
  lock = true,
): Promise<SettlementDocument | null> {
  return forSettlement(ex, INVOICES, id, lock);
}

/** A supplier invoice (bill). */
export function billForSettlement(ex: Executor, id: number, lock = true): Promise<SettlementDocument | null> {
  return forSettlement(ex, BILLS, id, lock);
}

/** A payment voucher, named by its type, due date and request. */
export async function voucherForSettlement(
  ex: Executor,
  id: number,
  lock = true,
): Promise<SettlementDocument | null> {
  const row = await forSettlement<SettlementDocument & { type: string; request_number: string }>(
    ex,
    VOUCHERS,
    id,
    lock,
  );
  if (!row) return null;
  const { type, request_number, ...doc } = row;
  return { ...doc, number: voucherLabel(type, row.due_date, request_number) };
}

export const voucherLabel = (type: string, dueDate: string, requestNumber: string) =>
  `${type} of ${formatDisplayDate(dueDate)} · ${requestNumber}`;

/** Whether the bill holds the voucher's request line (one SPEND may settle both). */
export async function billHoldsLine(ex: Executor, billId: number, lineId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    ex,
    sql`select 1 as one from supplier_invoice_lines where bill_id = ${billId} and line_id = ${lineId} limit 1`,
  );
  return rows.length > 0;
}

/** Why the settlement moved, for the document's history. */
export interface SettlementCause {
  ctx: Ctx | null;
  /** 'Allocation 12 (transaction 34)' or 'Allocation 12 (transaction 34) removed'. */
  note: string;
}

const money = (v: string) => new Decimal(v).toFixed(2);

async function audited(
  ex: Executor,
  entity: string,
  id: number,
  before: { settled_amount: string; status: string },
  after: { settled_amount: string; status: string },
  cause: SettlementCause | undefined,
): Promise<void> {
  if (!cause) return;
  await recordChange(
    ex,
    cause.ctx,
    entity,
    id,
    { settled_amount: money(before.settled_amount), status: before.status, settled_by: null },
    { settled_amount: money(after.settled_amount), status: after.status, settled_by: cause.note },
    'update',
  );
}

type Moved = { settled_amount: string; status: string };

/** Moves one document's settlement by `delta`, syncs its register row and records why. */
async function settle(
  ex: Executor,
  t: DocumentTable,
  id: number,
  delta: string,
  cause: SettlementCause | undefined,
): Promise<Moved> {
  const table = sql.identifier(t.table);
  const status = sql.identifier(t.status);
  const [row] = await queryRows<Moved & { before: string; before_status: string }>(
    ex,
    sql`with old as (select settled_amount, ${status} from ${table} where id = ${id})
        update ${table} d set settled_amount = d.settled_amount + ${delta}::numeric,
          version = d.version + 1, updated_at = now()
        from old where d.id = ${id}
        returning d.settled_amount::text as settled_amount, d.${status} as status,
          old.settled_amount::text as before, old.${status} as before_status`,
  );
  if (!row) throw new Error(`${t.noun} ${id} vanished under its lock`);
  await t.sync?.(ex, id);
  await audited(ex, t.entity, id, { settled_amount: row.before, status: row.before_status }, row, cause);
  return { settled_amount: row.settled_amount, status: row.status };
}

/** Raises (or, negative, lowers) an invoice's settlement; the CHECK refuses more than its total. */
export function settleInvoice(
  ex: Executor,
  id: number,
  delta: string,
  cause?: SettlementCause,
): Promise<Moved> {
  return settle(ex, INVOICES, id, delta, cause);
}

/** Raises or lowers a bill's settlement; the CHECK refuses more than its amount. */
export function settleBill(ex: Executor, id: number, delta: string, cause?: SettlementCause): Promise<Moved> {
  return settle(ex, BILLS, id, delta, cause);
}

/** Raises or lowers a voucher's settlement; the CHECK refuses more than its amount. */
export function settleVoucher(
  ex: Executor,
  id: number,
  delta: string,
  cause?: SettlementCause,
): Promise<Moved> {
  return settle(ex, VOUCHERS, id, delta, cause);
}
