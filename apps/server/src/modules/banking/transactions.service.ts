import {
  type DirectoryListResult,
  isCreditTransaction,
  type Transaction,
  type TransactionBody,
  type TransactionListQuery,
  type TransactionType,
  type TransactionWayValue,
  type Transfer,
  type TransferBody,
  type UpdateTransactionBody,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { assertPeriodOpen } from '../accounting/period-locks.guard.ts';
import { recordLine } from './transactions.audit.ts';
import { assertTakesCovered, type BalanceTakes, balanceTakes, takesBeyond } from './transactions.balance.ts';
import * as E from './transactions.errors.ts';
import { cardLabel, toTransaction } from './transactions.mappers.ts';
import {
  type BankOfLine,
  transactionsRepository as repo,
  type TransactionRow,
} from './transactions.repository.ts';
import {
  allocatedFieldsChange,
  allocationsTotal,
  carriesMatchedMarker,
  checkCounterpartyShape,
  checkCreditOwner,
  checkTypeAndWay,
  isTransferType,
} from './transactions.rules.ts';
import {
  dbError,
  loadView,
  namedBank,
  openBank,
  referenceOf,
  searchColumns,
} from './transactions.support.ts';
import { transactionsListRepository as listRepo } from './transactions-list.repository.ts';
import { createTransfer, deleteTransferLegs, updateTransferLegs } from './transfers.service.ts';

export { TRANSACTION_ENTITY } from './transactions.audit.ts';

const fixed = (amount: string) => new Decimal(amount).toFixed(2);

function checkCurrency(given: string | undefined, bank: BankOfLine): void {
  if (given !== undefined && given !== bank.currency)
    throw E.BANK_CURRENCY(namedBank(bank), given, bank.currency);
}

/** The counterparty's name for the search columns; an unknown client or supplier is a field error. */
async function counterpartyName(
  ex: Executor,
  kind: string | null,
  id: number | null,
): Promise<string | null> {
  checkCounterpartyShape(kind, id);
  if (kind === null || id === null) return null;
  const name = await repo.counterpartyName(ex, kind, id);
  if (name === null) throw E.FIELD_INVALID('counterparty');
  return name;
}

/** A card goes on a SPEND of its own account; a newly chosen card must not be archived. */
async function checkCard(
  ex: Executor,
  cardId: number | null,
  type: string,
  bank: BankOfLine,
  currentCardId: number | null,
): Promise<void> {
  if (cardId === null) return;
  if (type !== 'SPEND') throw E.CARD_NOT_SPEND();
  const card = await repo.card(ex, cardId);
  if (!card || (card.archived_at && cardId !== currentCardId)) throw E.FIELD_INVALID('card');
  if (card.bank_id !== bank.id) throw E.CARD_OF_ANOTHER_BANK(cardLabel(card), namedBank(bank));
}

/**
 * The counterparty a PATCH leaves: a field left out keeps its value, clearing one side clears the
 * pair, and a new kind without an id asks for the id.
 */
function nextCounterparty(current: TransactionRow, body: UpdateTransactionBody) {
  const kindGiven = body.counterparty_kind !== undefined;
  const idGiven = body.counterparty !== undefined;
  const kind = kindGiven
    ? (body.counterparty_kind ?? null)
    : idGiven && body.counterparty === null
      ? null
      : current.counterparty_kind;
  const id = idGiven
    ? (body.counterparty ?? null)
    : kindGiven && kind !== current.counterparty_kind
      ? null
      : current.counterparty_id;
  return { kind, id };
}

/**
 * Whether a PATCH may move a client's balance: the line is a credit or a refund, or becomes one.
 * Only then is it planned before the lock, to take the balance's locks first.
 */
function mayMoveBalance(line: TransactionRow, body: UpdateTransactionBody): boolean {
  const next = { type: body.type ?? line.type, way: body.way ?? line.way };
  return (
    isCreditTransaction(line) || isCreditTransaction(next) || line.way === 'reduce' || next.way === 'reduce'
  );
}

/** The line and its pair locked; a missing line is a 404. */
async function lockLine(tx: Tx, id: number): Promise<{ line: TransactionRow; pair: TransactionRow | null }> {
  const rows = await repo.lockWithPair(tx, id);
  const line = rows.find((r) => r.id === id);
  if (!line) throw E.TRANSACTION_NOT_FOUND();
  return { line, pair: rows.find((r) => r.id !== id) ?? null };
}

/**
 * Bank lines entered by hand (decision 0011, "Transactions"). Each write checks its rules, the
 * closed months of its company, and records its history in the same database transaction.
 */
export function createTransactionsService({ db }: { db: Db }) {
  /** The checks of a PATCH on the line as read (locked or not), and what it would write. */
  async function planLine(tx: Tx, current: TransactionRow, body: UpdateTransactionBody) {
    if (body.type !== undefined && isTransferType(body.type)) throw E.TRANSFER_BY_HAND();
    const bank = (await repo.bank(tx, current.bank_id))!;
    const next = {
      type: (body.type ?? current.type) as TransactionType,
      way: (body.way ?? current.way) as TransactionWayValue,
      date: body.date ?? current.date,
      amount: body.amount !== undefined ? fixed(body.amount) : current.amount,
      reference: body.reference !== undefined ? referenceOf(body.reference) : current.reference,
      card_id: body.card !== undefined ? (body.card ?? null) : current.card_id,
    };
    checkTypeAndWay(next.type, next.way);
    checkCurrency(body.currency, bank);
    const party = nextCounterparty(current, body);
    const name = await counterpartyName(tx, party.kind, party.id);
    checkCreditOwner(next.type, next.way, party.kind);
    await checkCard(tx, next.card_id, next.type, bank, current.card_id);
    if (allocationsTotal(current).greaterThan(0)) {
      if (allocatedFieldsChange(current, next))
        throw E.ALLOCATED(current.allocated_amount, current.amount, current.currency);
      if (party.kind !== current.counterparty_kind || party.id !== current.counterparty_id) {
        const owners = await repo.allocatedCounterparties(tx, current.id);
        if (owners.some((o) => o.kind !== party.kind || o.id !== party.id)) throw E.ALLOCATED_COUNTERPARTY();
      }
    }
    await assertPeriodOpen(tx, bank.company.id, current.date, next.date);
    const after = { ...next, counterparty_kind: party.kind, counterparty_id: party.id };
    // a refund carries the matched marker at its amount; a line that stops being one has no allocations
    const allocated = carriesMatchedMarker(after)
      ? next.amount
      : carriesMatchedMarker(current)
        ? '0.00'
        : current.allocated_amount;
    const change = {
      ...after,
      allocated_amount: allocated,
      ...searchColumns(next.reference, name, next.amount),
    };
    return { change, takes: balanceTakes(current, change) };
  }

  /** The line locked; `checked`: the balance losses covered before the lock. */
  async function updateLine(
    tx: Tx,
    ctx: Ctx,
    current: TransactionRow,
    body: UpdateTransactionBody,
    checked: BalanceTakes,
  ) {
    const { change, takes } = await planLine(tx, current, body);
    if (takesBeyond(takes, checked)) throw AppError.stale();
    const updated = await repo.update(tx, current.id, change);
    await recordLine(tx, ctx, current, updated);
    return loadView(tx, current.id);
  }

  return {
    async list(q: TransactionListQuery): Promise<DirectoryListResult<Transaction>> {
      const page = await listRepo.page(db, q);
      const rows = await repo.withRefs(db, page.ids);
      return {
        data: rows.map(toTransaction),
        meta: { total: page.total, total_estimated: page.estimated, limit: q.limit, offset: q.offset },
      };
    },

    get: (id: number): Promise<Transaction> => loadView(db, id),

    async create(ctx: Ctx, body: TransactionBody): Promise<Transaction> {
      const amount = fixed(body.amount);
      const reference = referenceOf(body.reference);
      const seen: { bank?: BankOfLine } = {};
      try {
        return await db.transaction(async (tx) => {
          const bank = await openBank(tx, body.bank, 'bank');
          seen.bank = bank;
          checkTypeAndWay(body.type, body.way);
          checkCurrency(body.currency, bank);
          const kind = body.counterparty_kind ?? null;
          const name = await counterpartyName(tx, kind, body.counterparty ?? null);
          checkCreditOwner(body.type, body.way, kind);
          await checkCard(tx, body.card ?? null, body.type, bank, null);
          await assertPeriodOpen(tx, bank.company.id, body.date);
          const line = {
            type: body.type,
            way: body.way,
            amount,
            counterparty_kind: kind,
            counterparty_id: body.counterparty ?? null,
          };
          // a refund: within the client's balance, and matched by its marker (never allocated)
          const allocated = carriesMatchedMarker(line) ? amount : '0.00';
          await assertTakesCovered(
            tx,
            bank.currency,
            balanceTakes(null, { ...line, allocated_amount: allocated }),
          );
          const row = await repo.insert(tx, {
            ...line,
            bank_id: bank.id,
            currency: body.currency ?? bank.currency,
            date: body.date,
            allocated_amount: allocated,
            reference,
            card_id: body.card ?? null,
            created_by: ctx.user.id,
            ...searchColumns(reference, name, amount),
          });
          await recordLine(tx, ctx, null, row);
          return loadView(tx, row.id);
        });
      } catch (error) {
        throw dbError(error, seen.bank ?? null, body.currency ?? seen.bank?.currency ?? '');
      }
    },

    /**
     * `PATCH transactions/{id}/` at the version the editor loaded. A matched line keeps its amount,
     * date, type and way; a transfer leg changes its date and reference together with its pair.
     * A change that takes from a client's balance (a refund made or raised, a credit lowered or
     * made something else) is checked on the line as read, under the balance's locks, before the
     * line's own lock (the allocation writer's order); under the lock it must take no more.
     */
    async update(ctx: Ctx, id: number, body: UpdateTransactionBody): Promise<Transaction> {
      try {
        return await db.transaction(async (tx) => {
          const read = await repo.find(tx, id);
          if (!read) throw E.TRANSACTION_NOT_FOUND();
          if (read.version !== body.version) throw AppError.stale();
          let checked: BalanceTakes = new Map();
          if (!isTransferType(read.type) && mayMoveBalance(read, body)) {
            checked = (await planLine(tx, read, body)).takes;
            await assertTakesCovered(tx, read.currency, checked);
          }
          const { line, pair } = await lockLine(tx, id);
          if (line.version !== body.version) throw AppError.stale();
          if (isTransferType(line.type)) return updateTransferLegs(tx, ctx, line, pair, body);
          return updateLine(tx, ctx, line, body, checked);
        });
      } catch (error) {
        throw dbError(error, null, '');
      }
    },

    /**
     * `DELETE transactions/{id}/`: refused while matched; a transfer leg takes its pair along. A
     * credit line takes its open part from the client's balance: checked as in `update`.
     */
    async remove(ctx: Ctx, id: number): Promise<void> {
      const deletable = async (tx: Tx, line: TransactionRow) => {
        if (allocationsTotal(line).greaterThan(0))
          throw E.ALLOCATED(line.allocated_amount, line.amount, line.currency);
        const bank = (await repo.bank(tx, line.bank_id))!;
        await assertPeriodOpen(tx, bank.company.id, line.date);
        return balanceTakes(line, null);
      };
      try {
        await db.transaction(async (tx) => {
          const read = await repo.find(tx, id);
          if (!read) throw E.TRANSACTION_NOT_FOUND();
          let checked: BalanceTakes = new Map();
          if (!isTransferType(read.type) && isCreditTransaction(read)) {
            checked = await deletable(tx, read);
            await assertTakesCovered(tx, read.currency, checked);
          }
          const { line, pair } = await lockLine(tx, id);
          if (isTransferType(line.type)) return deleteTransferLegs(tx, ctx, pair ? [line, pair] : [line]);
          if (takesBeyond(await deletable(tx, line), checked)) throw AppError.stale();
          await repo.deleteMany(tx, [line.id]);
          await recordLine(tx, ctx, line, null);
        });
      } catch (error) {
        throw dbError(error, null, '');
      }
    },

    transfer: (ctx: Ctx, body: TransferBody): Promise<Transfer> => createTransfer(db, ctx, body),
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
