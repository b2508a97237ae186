import { isCreditTransaction, type Transaction } from '@app/shared';
import { Decimal } from 'decimal.js';
import { bankName } from '../directory/banks.service.ts';
import type { TransactionRow, TransactionWithRefs } from './transactions.repository.ts';

const money = (v: string) => new Decimal(v).toFixed(2);

/** How a card is named on a line: 'Visa •••• 4242 (Alice Admin)', as the bank-cards page writes it. */
export const cardLabel = (c: { brand: string; last_four: string; holder: string }) =>
  `${c.brand} •••• ${c.last_four} (${c.holder})`;

export function toTransaction(r: TransactionWithRefs): Transaction {
  const row = r.row;
  return {
    id: row.id,
    bank: {
      id: r.bank.id,
      named: bankName(r.bank),
      currency: r.bank.currency as Transaction['currency'],
      company: r.company,
    },
    type: row.type as Transaction['type'],
    way: row.way as Transaction['way'],
    date: row.date,
    amount: money(row.amount),
    currency: row.currency as Transaction['currency'],
    counterparty:
      row.counterparty_kind && row.counterparty_id !== null
        ? {
            kind: row.counterparty_kind as 'client' | 'supplier',
            id: row.counterparty_id,
            name: r.counterparty_name ?? '',
          }
        : null,
    reference: row.reference,
    card: r.card ? { id: r.card.id, label: cardLabel(r.card) } : null,
    pair: r.pair
      ? {
          id: r.pair.id,
          bank: bankName({ ...r.pair, currency: r.pair.currency }),
          amount: money(r.pair.amount),
          currency: r.pair.currency as Transaction['currency'],
        }
      : null,
    rate: row.rate === null ? null : new Decimal(row.rate).toFixed(6),
    import_id: row.import_id,
    allocated_amount: money(row.allocated_amount),
    open_amount: new Decimal(row.amount).minus(row.allocated_amount).toFixed(2),
    match_status: new Decimal(row.allocated_amount).equals(row.amount) ? 'matched' : 'unmatched',
    is_credit: isCreditTransaction(row),
    created_by: r.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

/** What the history keeps of a line: its own columns, without the derived search ones. */
export const transactionSnapshot = (row: TransactionRow) => ({
  bank_id: row.bank_id,
  type: row.type,
  way: row.way,
  date: row.date,
  amount: money(row.amount),
  currency: row.currency,
  counterparty_kind: row.counterparty_kind,
  counterparty_id: row.counterparty_id,
  reference: row.reference,
  card_id: row.card_id,
  pair_id: row.pair_id,
  rate: row.rate === null ? null : new Decimal(row.rate).toFixed(6),
  import_id: row.import_id,
  allocated_amount: money(row.allocated_amount),
});
