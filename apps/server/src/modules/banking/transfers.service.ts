import type { Transaction, Transfer, TransferBody, UpdateTransactionBody } from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Db, Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { assertPeriodOpen } from '../accounting/period-locks.guard.ts';
import { recordLine } from './transactions.audit.ts';
import * as E from './transactions.errors.ts';
import {
  type BankOfLine,
  transactionsRepository as repo,
  type TransactionRow,
} from './transactions.repository.ts';
import { transferAmounts } from './transactions.rules.ts';
import {
  dbError,
  loadView,
  namedBank,
  openBank,
  referenceOf,
  searchColumns,
} from './transactions.support.ts';

/**
 * Transfers and conversions between a company's own accounts (decision 0011): SPEND-TRANSFER on
 * the source and RECEIVE-TRANSFER on the target, linked both ways by `pair_id`, made, changed and
 * deleted together.
 *
 * A leg is never matched to a document: its pair is its counterpart. Each leg is therefore created
 * fully allocated (`allocated_amount = amount`, so `match_status = 'matched'`): it never counts as
 * unmatched in the workspace or the list's Unmatched filter, and the allocation writer, which
 * refuses transfer legs by type, has nothing open to take anyway. Refunds of credit carry the same
 * marker (transactions.service.ts), for the same reason; `allocated_amount` equals the sum of the
 * line's allocations for every other line (`carriesMatchedMarker`, transactions.rules.ts).
 */
export async function createTransfer(db: Db, ctx: Ctx, body: TransferBody): Promise<Transfer> {
  if (body.from_bank === body.to_bank) throw E.SAME_BANK();
  const amount = new Decimal(body.amount).toFixed(2);
  const reference = referenceOf(body.reference);
  try {
    return await db.transaction(async (tx) => {
      const from = await openBank(tx, body.from_bank, 'from_bank');
      const to = await openBank(tx, body.to_bank, 'to_bank');
      if (from.company.id !== to.company.id) throw E.COMPANY_OF_TRANSFER();
      const { way, toAmount, rate } = transferAmounts(
        from.currency,
        to.currency,
        amount,
        body.to_amount,
        body.rate,
      );
      await assertPeriodOpen(tx, from.company.id, body.date);
      const common = { way, date: body.date, reference, rate, created_by: ctx.user.id };
      const out = await repo.insert(tx, {
        ...common,
        bank_id: from.id,
        currency: from.currency,
        type: 'SPEND-TRANSFER',
        amount,
        allocated_amount: amount,
        ...searchColumns(reference, namedBank(to), amount),
      });
      const inLeg = await repo.insert(tx, {
        ...common,
        bank_id: to.id,
        currency: to.currency,
        type: 'RECEIVE-TRANSFER',
        amount: toAmount,
        allocated_amount: toAmount,
        pair_id: out.id,
        ...searchColumns(reference, namedBank(from), toAmount),
      });
      const outLinked = await repo.setPair(tx, out.id, inLeg.id);
      await recordLine(tx, ctx, null, outLinked);
      await recordLine(tx, ctx, null, inLeg);
      return { out: await loadView(tx, out.id), in: await loadView(tx, inLeg.id) };
    });
  } catch (error) {
    throw dbError(error, null, '');
  }
}

/** Fields of a PATCH that a leg keeps: given equal to what the leg holds, they change nothing. */
function changesLegFields(leg: TransactionRow, body: UpdateTransactionBody): boolean {
  return (
    (body.type !== undefined && body.type !== leg.type) ||
    (body.way !== undefined && body.way !== leg.way) ||
    (body.amount !== undefined && !new Decimal(body.amount).equals(leg.amount)) ||
    (body.currency !== undefined && body.currency !== leg.currency) ||
    (body.counterparty_kind ?? null) !== null ||
    (body.counterparty ?? null) !== null ||
    (body.card ?? null) !== null
  );
}

/**
 * A PATCH of either leg: the date and the reference apply to both; the amounts, accounts and type
 * are the transfer's own (delete it and enter it again). Both legs are locked by the caller.
 */
export async function updateTransferLegs(
  tx: Tx,
  ctx: Ctx,
  leg: TransactionRow,
  other: TransactionRow | null,
  body: UpdateTransactionBody,
): Promise<Transaction> {
  if (changesLegFields(leg, body)) throw E.TRANSFER_FIELDS();
  const date = body.date ?? leg.date;
  const reference = body.reference !== undefined ? referenceOf(body.reference) : leg.reference;
  const bank = (await repo.bank(tx, leg.bank_id))!;
  const otherBank = other ? await repo.bank(tx, other.bank_id) : null;
  await assertPeriodOpen(tx, bank.company.id, leg.date, date);
  const legs: Array<[TransactionRow, BankOfLine | null]> = [[leg, otherBank]];
  if (other) legs.push([other, bank]);
  for (const [row, counterpart] of legs) {
    const updated = await repo.update(tx, row.id, {
      date,
      reference,
      ...searchColumns(reference, counterpart && namedBank(counterpart), row.amount),
    });
    await recordLine(tx, ctx, row, updated);
  }
  return loadView(tx, leg.id);
}

/** Deleting either leg deletes both (the links go first, their key restricts). */
export async function deleteTransferLegs(tx: Tx, ctx: Ctx, legs: TransactionRow[]): Promise<void> {
  const bank = await repo.bank(tx, legs[0]!.bank_id);
  await assertPeriodOpen(tx, bank!.company.id, ...legs.map((l) => l.date));
  await repo.deleteMany(
    tx,
    legs.map((l) => l.id),
  );
  for (const leg of legs) await recordLine(tx, ctx, leg, null);
}
