import type { Transaction } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../platform/errors.ts';
import { periodLockError } from '../accounting/period-locks.guard.ts';
import { bankName } from '../directory/banks.service.ts';
import { transactionSearchColumns } from './transaction-search.ts';
import * as E from './transactions.errors.ts';
import { toTransaction } from './transactions.mappers.ts';
import { type BankOfLine, transactionsRepository as repo } from './transactions.repository.ts';

/** What the transaction and transfer services share: loading, naming, the derived columns. */

export async function loadView(ex: Executor, id: number): Promise<Transaction> {
  const [row] = await repo.withRefs(ex, [id]);
  if (!row) throw E.TRANSACTION_NOT_FOUND();
  return toTransaction(row);
}

/** An account a new line may go on: it exists and is not archived (else a field error). */
export async function openBank(ex: Executor, id: number, field: string): Promise<BankOfLine> {
  const bank = await repo.bank(ex, id);
  if (!bank || bank.archived_at) throw E.FIELD_INVALID(field);
  return bank;
}

export const namedBank = (b: BankOfLine) => bankName(b);

/** The derived search columns, on the amount as stored (two places), so `1200.00` is a lexeme. */
export const searchColumns = (reference: string | null, counterpartyName: string | null, amount: string) =>
  transactionSearchColumns({ reference, counterpartyName, amount });

/** A reference as stored: trimmed, blank is none. */
export const referenceOf = (v: string | null | undefined): string | null => v?.trim() || null;

function constraintOf(error: unknown): string | undefined {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint;
}

/**
 * The database's own guards, answered as the service's checks would have been (something changed
 * between the check and the write): the period-lock trigger refuses a closed month, the composite
 * key a line in a currency its account does not hold.
 */
export function dbError(error: unknown, bank: BankOfLine | null, currency: string): unknown {
  const locked = periodLockError(error);
  if (locked) return locked;
  if (!isForeignKeyViolation(error)) return error;
  const constraint = constraintOf(error);
  if (constraint === 'bank_transactions_bank_currency_fk')
    return bank ? E.BANK_CURRENCY(namedBank(bank), currency, bank.currency) : E.FIELD_INVALID('bank');
  if (constraint === 'bank_transactions_card_id_bank_cards_id_fk') return E.FIELD_INVALID('card');
  return error;
}
