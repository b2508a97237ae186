import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** An open document that may settle a bank line, with which lookup found it. */
export interface CandidateRow {
  kind: 'invoice' | 'bill' | 'voucher';
  id: number;
  number: string;
  counterparty_id: number;
  counterparty_name: string;
  currency: string;
  total: string;
  open_amount: string;
  issue_date: string | null;
  due_date: string;
  /** Found by its number (or, a voucher, its request's number) in the bank text. */
  by_reference: boolean;
  /** A voucher's type and request number, for its label. */
  voucher_type: string | null;
}

/** Open amounts looked up per currency: `[low, high]` in that currency. */
export type AmountRanges = Array<{ currency: string; low: string; high: string }>;

export interface CandidateQuery {
  /** invoices for money in; bills and vouchers for money out. */
  kinds: Array<'invoice' | 'bill' | 'voucher'>;
  company_id: number;
  /** The line's counterparty (of the documents' side): only their documents can be allocated. */
  counterparty_id: number | null;
  /** The document numbers of the bank text (upper case, as `referenceWords` gives them). */
  words: string[];
  ranges: AmountRanges;
}

export const LIMITS = { reference: 20, counterparty: 100, amount: 80 } as const;

const REGISTER_COLUMNS = sql.raw(`r.doc_kind as kind, r.doc_id as id, r.number, r.counterparty_id,
  r.counterparty_name, r.currency, r.total::text as total, r.open_amount::text as open_amount,
  r.issue_date::text as issue_date, r.due_date::text as due_date`);

const VOUCHER_COLUMNS =
  sql.raw(`'voucher' as kind, v.id, r.number as number, v.supplier_id as counterparty_id,
  s.name as counterparty_name, v.currency, v.amount::text as total,
  (v.amount - v.settled_amount)::text as open_amount, null as issue_date, v.due_date::text as due_date`);

const list = (values: Array<string | number>) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Invoices or bills of the register: open, of the company and kind, and of the counterparty
 * when the line has one; then each lookup adds its own indexed condition.
 */
function registerLookup(
  q: CandidateQuery,
  kind: 'invoice' | 'bill',
  lookup: SQL,
  byReference: SQL,
  limit: number,
) {
  const partyKind = kind === 'invoice' ? 'client' : 'supplier';
  return sql`(select ${REGISTER_COLUMNS}, ${byReference} as by_reference, null as voucher_type
    from document_register r
    where r.doc_kind = ${kind} and r.payment_status <> 'Paid' and r.company_id = ${q.company_id}
      ${q.counterparty_id !== null ? sql`and r.counterparty_kind = ${partyKind} and r.counterparty_id = ${q.counterparty_id}` : sql``}
      and ${lookup}
    order by r.due_date, r.id limit ${limit})`;
}

function voucherLookup(q: CandidateQuery, lookup: SQL, byReference: SQL, limit: number) {
  // the columns of a union pair by position: by_reference, then voucher_type, as the register's
  return sql`(select ${VOUCHER_COLUMNS}, ${byReference} as by_reference, v.type as voucher_type
    from payment_vouchers v join requests r on r.id = v.request_id join suppliers s on s.id = v.supplier_id
    where v.status <> 'Paid' and v.company_id = ${q.company_id}
      ${q.counterparty_id !== null ? sql`and v.supplier_id = ${q.counterparty_id}` : sql``}
      and ${lookup}
    order by v.due_date, v.id limit ${limit})`;
}

/**
 * At most 200 open documents from three indexed lookups (decision 0011, "Suggestions"): by
 * number in the bank text (`document_register_number_idx`; a voucher by its request's number),
 * of the counterparty (`document_register_counterparty_idx`, `payment_vouchers_supplier_idx`),
 * and by open amount within ±1% per currency (`document_register_open_idx`). Vouchers are not
 * looked up by amount (no index); the ones found otherwise are ranked by it.
 */
export async function findCandidates(ex: Executor, q: CandidateQuery): Promise<CandidateRow[]> {
  const parts: SQL[] = [];
  // bill numbers are the supplier's: looked up as written in the text and in lower case
  const words = [...new Set([...q.words, ...q.words.map((w) => w.toLowerCase())])];
  const amount = q.ranges.length
    ? sql`(${sql.join(
        q.ranges.map(
          (r) => sql`(r.currency = ${r.currency} and r.open_amount between ${r.low} and ${r.high})`,
        ),
        sql` or `,
      )})`
    : null;
  for (const kind of q.kinds) {
    if (kind === 'voucher') {
      if (q.words.length)
        parts.push(
          voucherLookup(
            q,
            sql`v.request_id in (select id from requests where number in (${list(q.words)}))`,
            sql`true`,
            LIMITS.reference,
          ),
        );
      if (q.counterparty_id !== null)
        parts.push(voucherLookup(q, sql`true`, sql`false`, LIMITS.counterparty));
      continue;
    }
    if (words.length)
      parts.push(registerLookup(q, kind, sql`r.number in (${list(words)})`, sql`true`, LIMITS.reference));
    if (q.counterparty_id !== null)
      parts.push(registerLookup(q, kind, sql`true`, sql`false`, LIMITS.counterparty));
    if (amount) parts.push(registerLookup(q, kind, amount, sql`false`, LIMITS.amount));
  }
  if (!parts.length) return [];
  const rows = await queryRows<CandidateRow>(ex, sql.join(parts, sql` union all `));
  // one row per document; found by reference by any lookup
  const byKey = new Map<string, CandidateRow>();
  for (const row of rows) {
    const key = `${row.kind}:${row.id}`;
    const seen = byKey.get(key);
    if (seen) seen.by_reference ||= row.by_reference;
    else byKey.set(key, { ...row, id: Number(row.id), counterparty_id: Number(row.counterparty_id) });
  }
  return [...byKey.values()].slice(0, 200);
}
