import type { AllocationListQuery } from '@app/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import type { AllocationTransaction } from './allocations.rules.ts';
import { allocations } from './allocations.table.ts';

export type AllocationRow = typeof allocations.$inferSelect;
export type AllocationInsert = typeof allocations.$inferInsert;

/** An allocation with both sides named, as the list and the record answer it. */
export interface AllocationView extends AllocationRow {
  t_type: string;
  t_way: string;
  t_date: string;
  t_amount: string;
  t_currency: string;
  t_reference: string | null;
  bank_name: string;
  bank_currency: string;
  bank_account_number: string;
  base_currency: string;
  i_kind: string | null;
  i_number: string | null;
  i_currency: string | null;
  i_client_id: number | null;
  i_client_name: string | null;
  b_number: string | null;
  b_currency: string | null;
  b_supplier_id: number | null;
  b_supplier_name: string | null;
  v_type: string | null;
  v_due_date: string | null;
  v_request_number: string | null;
  v_currency: string | null;
  v_supplier_id: number | null;
  v_supplier_name: string | null;
  created_by_name: string | null;
}

const VIEW = sql`select a.id, a.transaction_id, a.invoice_id, a.bill_id, a.voucher_id,
    a.amount::text as amount, a.document_amount::text as document_amount, a.rate::text as rate,
    a.base_amount::text as base_amount, a.document_base_amount::text as document_base_amount,
    a.fx_difference::text as fx_difference, a.date::text as date, a.created_by, a.created_at,
    t.type as t_type, t.way as t_way, t.date::text as t_date, t.amount::text as t_amount,
    t.currency as t_currency, t.reference as t_reference,
    bk.bank_name, bk.currency as bank_currency, bk.account_number as bank_account_number,
    co.base_currency,
    i.kind as i_kind, i.number as i_number, i.currency as i_currency, i.client_id as i_client_id,
    cl.first_name || ' ' || cl.last_name as i_client_name,
    bi.number as b_number, bi.currency as b_currency, bi.supplier_id as b_supplier_id, bs.name as b_supplier_name,
    v.type as v_type, v.due_date::text as v_due_date, vr.number as v_request_number, v.currency as v_currency,
    v.supplier_id as v_supplier_id, vs.name as v_supplier_name,
    u.name as created_by_name
  from allocations a
  join bank_transactions t on t.id = a.transaction_id
  join banks bk on bk.id = t.bank_id
  join companies co on co.id = bk.company_id
  left join client_invoices i on i.id = a.invoice_id
  left join clients cl on cl.id = i.client_id
  left join supplier_invoices bi on bi.id = a.bill_id
  left join suppliers bs on bs.id = bi.supplier_id
  left join payment_vouchers v on v.id = a.voucher_id
  left join requests vr on vr.id = v.request_id
  left join suppliers vs on vs.id = v.supplier_id
  left join users u on u.id = a.created_by`;

/** The filters of `GET allocations/`, each on an indexed column. */
function conditions(q: AllocationListQuery): SQL {
  const parts: SQL[] = [];
  if (q.transaction) parts.push(sql`a.transaction_id = ${q.transaction}`);
  if (q.invoice) parts.push(sql`a.invoice_id = ${q.invoice}`);
  if (q.bill) parts.push(sql`a.bill_id = ${q.bill}`);
  if (q.voucher) parts.push(sql`a.voucher_id = ${q.voucher}`);
  if (q.client)
    parts.push(sql`a.invoice_id in (select id from client_invoices where client_id = ${q.client})`);
  if (q.supplier)
    parts.push(sql`(a.bill_id in (select id from supplier_invoices where supplier_id = ${q.supplier})
      or a.voucher_id in (select id from payment_vouchers where supplier_id = ${q.supplier}))`);
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

export const allocationsRepository = {
  /** The bank line with its account's company; `for update` when it is about to move. */
  async transaction(ex: Executor, id: number, lock: boolean): Promise<AllocationTransaction | null> {
    const [row] = await queryRows<AllocationTransaction & { bank_name: string; account_number: string }>(
      ex,
      sql`select t.id, t.type, t.way, t.date::text as date, t.amount::text as amount,
            t.allocated_amount::text as allocated_amount, t.currency, t.counterparty_kind, t.counterparty_id,
            t.reference, t.reference_words, t.bank_id, b.bank_name, b.account_number, b.company_id, c.code as company_code,
            c.base_currency
          from bank_transactions t join banks b on b.id = t.bank_id join companies c on c.id = b.company_id
          where t.id = ${id} ${lock ? sql`for update of t` : sql``}`,
    );
    if (!row) return null;
    const { bank_name, account_number, ...t } = row;
    return { ...t, bank_named: `${bank_name} ${t.currency} (…${account_number.slice(-4)})` };
  },

  /** Moves the line's allocated amount by a signed delta; its CHECK refuses more than its amount. */
  async raiseAllocated(
    ex: Executor,
    id: number,
    delta: string,
  ): Promise<{ allocated_amount: string; match_status: string }> {
    const [row] = await queryRows<{ allocated_amount: string; match_status: string }>(
      ex,
      sql`update bank_transactions set allocated_amount = allocated_amount + ${delta}::numeric,
            version = version + 1, updated_at = now()
          where id = ${id}
          returning allocated_amount::text as allocated_amount, match_status`,
    );
    return row!;
  },

  async insert(ex: Executor, values: AllocationInsert): Promise<AllocationRow> {
    return (await ex.insert(allocations).values(values).returning())[0]!;
  },

  /** The row as stored, locked when it is about to be removed. */
  async find(ex: Executor, id: number, lock: boolean): Promise<AllocationRow | null> {
    const [row] = await queryRows<AllocationRow>(
      ex,
      sql`select id, transaction_id, invoice_id, bill_id, voucher_id, amount::text as amount,
            document_amount::text as document_amount, rate::text as rate, base_amount::text as base_amount,
            document_base_amount::text as document_base_amount, fx_difference::text as fx_difference,
            date::text as date, created_by, created_at
          from allocations where id = ${id} ${lock ? sql`for update` : sql``}`,
    );
    return row ?? null;
  },

  async delete(ex: Executor, id: number): Promise<void> {
    await ex.execute(sql`delete from allocations where id = ${id}`);
  },

  async views(ex: Executor, ids: number[]): Promise<AllocationView[]> {
    if (!ids.length) return [];
    return queryRows<AllocationView>(
      ex,
      sql`${VIEW} where a.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by a.id`,
    );
  },

  async list(ex: Executor, q: AllocationListQuery): Promise<{ rows: AllocationView[]; total: number }> {
    const where = conditions(q);
    const [rows, totals] = await Promise.all([
      queryRows<AllocationView>(
        ex,
        sql`${VIEW} ${where} order by a.id desc limit ${q.limit} offset ${q.offset}`,
      ),
      queryRows<{ n: number }>(ex, sql`select count(*)::int as n from allocations a ${where}`),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },
};
