import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/**
 * A client's deposit, read from the bank lines (decision 0011, "Client balances"): nothing is
 * stored. These conditions mirror `isCreditTransaction` (shared) and `isRefundTransaction`
 * (allocations.rules.ts); each lookup starts from the counterparty index. A refund counts by its
 * amount: its `allocated_amount` is only the matched marker (equal to the amount, no allocations).
 */
const CREDIT = sql.raw(
  `(t.type in ('RECEIVE-OVERPAYMENT', 'RECEIVE-PREPAYMENT') or (t.type like 'RECEIVE%' and t.way = 'top_up'))`,
);
const REFUND = sql.raw(`(t.type not like 'RECEIVE%' and t.way = 'reduce')`);
const OF_CLIENT = (clientId: number) =>
  sql`t.counterparty_kind = 'client' and t.counterparty_id = ${clientId}`;

export interface BalanceTransactionRow {
  id: number;
  type: string;
  date: string;
  currency: string;
  amount: string;
  allocated_amount: string;
  reference: string | null;
  created_at: string;
}

export interface BalanceUseRow {
  allocation_id: number;
  transaction_id: number;
  type: string;
  reference: string | null;
  date: string;
  currency: string;
  amount: string;
  invoice_id: number;
  invoice_number: string;
  created_at: string;
}

/** A client's movements of one currency added up: what came in as credit, what left it. */
export interface BalanceTotalsRow {
  client_id: number;
  currency: string;
  /** The credit lines' amounts. */
  credit: string;
  /** Their uses on invoices and the refunds. */
  used: string;
}

const TRANSACTION_COLUMNS = sql.raw(`t.id, t.type, t.date::text as date, t.currency, t.amount::text as amount,
  t.allocated_amount::text as allocated_amount, t.reference, t.created_at`);

export const balancesRepository = {
  async clientName(ex: Executor, clientId: number): Promise<string | null> {
    const [row] = await queryRows<{ name: string }>(
      ex,
      sql`select first_name || ' ' || last_name as name from clients where id = ${clientId}`,
    );
    return row?.name ?? null;
  },

  /**
   * Locks the client's credit lines in one currency, in id order (unless `lock` is false: a
   * preview), and answers the balance: what is unallocated on them less the refunds. Every writer that moves the balance down (paying
   * from credit, a refund) takes these locks first, so two of them queue instead of both seeing
   * the same balance; the order keeps them from deadlocking.
   */
  async balance(ex: Executor, clientId: number, currency: string, lock = true): Promise<string> {
    const credits = await queryRows<{ open: string }>(
      ex,
      sql`select (t.amount - t.allocated_amount)::text as open from bank_transactions t
          where ${OF_CLIENT(clientId)} and t.currency = ${currency} and ${CREDIT}
          order by t.id ${lock ? sql`for update of t` : sql``}`,
    );
    const [refunds] = await queryRows<{ total: string }>(
      ex,
      sql`select coalesce(sum(t.amount), 0)::text as total from bank_transactions t
          where ${OF_CLIENT(clientId)} and t.currency = ${currency} and ${REFUND}`,
    );
    return credits
      .reduce((sum, c) => sum.plus(c.open), new Decimal(0))
      .minus(refunds!.total)
      .toFixed(2);
  },

  credits(ex: Executor, clientId: number): Promise<BalanceTransactionRow[]> {
    return queryRows<BalanceTransactionRow>(
      ex,
      sql`select ${TRANSACTION_COLUMNS} from bank_transactions t where ${OF_CLIENT(clientId)} and ${CREDIT}`,
    );
  },

  refunds(ex: Executor, clientId: number): Promise<BalanceTransactionRow[]> {
    return queryRows<BalanceTransactionRow>(
      ex,
      sql`select ${TRANSACTION_COLUMNS} from bank_transactions t where ${OF_CLIENT(clientId)} and ${REFUND}`,
    );
  },

  /** Invoices paid from the client's credit: the allocations of their credit lines. */
  uses(ex: Executor, clientId: number): Promise<BalanceUseRow[]> {
    return queryRows<BalanceUseRow>(
      ex,
      sql`select a.id as allocation_id, t.id as transaction_id, t.type, t.reference, a.date::text as date,
            t.currency, a.amount::text as amount, i.id as invoice_id, i.number as invoice_number, a.created_at
          from bank_transactions t join allocations a on a.transaction_id = t.id
          join client_invoices i on i.id = a.invoice_id
          where ${OF_CLIENT(clientId)} and ${CREDIT}`,
    );
  },

  /**
   * The movements `credits`, `uses` and `refunds` list, added up per client and currency for many
   * clients in one read (a report's page), without locks: a figure to show, never one to spend.
   */
  totals(ex: Executor, clientIds: readonly number[]): Promise<BalanceTotalsRow[]> {
    if (clientIds.length === 0) return Promise.resolve([]);
    const ofClients = sql`t.counterparty_kind = 'client' and t.counterparty_id in ${[...clientIds]}`;
    return queryRows<BalanceTotalsRow>(
      ex,
      sql`select m.client_id, m.currency, sum(m.credit)::text as credit, sum(m.used)::text as used from (
            select t.counterparty_id as client_id, t.currency, t.amount as credit, 0 as used
              from bank_transactions t where ${ofClients} and ${CREDIT}
            union all
            select t.counterparty_id, t.currency, 0, a.amount
              from bank_transactions t join allocations a on a.transaction_id = t.id
              join client_invoices i on i.id = a.invoice_id
              where ${ofClients} and ${CREDIT}
            union all
            select t.counterparty_id, t.currency, 0, t.amount
              from bank_transactions t where ${ofClients} and ${REFUND}
          ) m
          group by m.client_id, m.currency
          order by m.client_id, m.currency`,
    );
  },
};
