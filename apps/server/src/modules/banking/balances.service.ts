import { ALLOCATION_MESSAGES, type ClientBalance } from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { moneyLabel } from './allocations.rules.ts';
import { balancesRepository as repo } from './balances.repository.ts';

type Movement = ClientBalance['movements'][number];
type Currency = Movement['currency'];
const KIND_ORDER = { credit: 0, use: 1, refund: 2 } as const;

interface Dated {
  movement: Omit<Movement, 'balance_after'>;
  created_at: string;
  id: number;
}

const at = (v: string | Date) => new Date(v).toISOString();

/**
 * The client's credit in one currency, locked (see `balancesRepository.balance`): the
 * allocation service calls it before paying an invoice from credit, and the transactions service
 * before it records a refund (a SPEND of way reduce to the client) or lowers a credit line.
 */
export function lockedCreditBalance(tx: Executor, clientId: number, currency: string): Promise<string> {
  return repo.balance(tx, clientId, currency);
}

/**
 * Refuses to take more out of the client's balance than it holds (400 OVER_ALLOCATION), under the
 * balance's locks: a refund (a SPEND of way reduce to the client: its amount on a create, the raise
 * on a change) and a credit line lowered or deleted (the open part it takes away). Call it before
 * locking the line itself: the balance's locks come first (the client's credit lines in id order),
 * as in an allocation, or the two can deadlock.
 */
export async function assertRefundCovered(
  tx: Executor,
  clientId: number,
  currency: string,
  amount: string,
): Promise<void> {
  const balance = await repo.balance(tx, clientId, currency);
  if (new Decimal(amount).lte(balance)) return;
  const name = (await repo.clientName(tx, clientId)) ?? `client ${clientId}`;
  throw new AppError(
    'OVER_ALLOCATION',
    ALLOCATION_MESSAGES.overTransaction(
      moneyLabel(currency, amount),
      moneyLabel(currency, balance),
      `the ${currency} balance of ${name}`,
    ),
    { rule: true },
  );
}

/** `GET clients/{id}/balance/` (decision 0011, "Client balances"): derived, never stored. */
export function createBalancesService({ db }: { db: Db }) {
  return {
    async get(clientId: number): Promise<ClientBalance> {
      const name = await repo.clientName(db, clientId);
      if (name === null) throw AppError.notFound('Client');
      const [credits, uses, refunds] = [
        await repo.credits(db, clientId),
        await repo.uses(db, clientId),
        await repo.refunds(db, clientId),
      ];
      const dated: Dated[] = [
        ...credits.map((c) => ({
          id: c.id,
          created_at: at(c.created_at),
          movement: {
            kind: 'credit' as const,
            date: c.date,
            currency: c.currency as Currency,
            amount: new Decimal(c.amount).toFixed(2),
            transaction: {
              id: c.id,
              type: c.type as Movement['transaction']['type'],
              reference: c.reference,
            },
            invoice: null,
            allocation_id: null,
          },
        })),
        ...uses.map((u) => ({
          id: u.allocation_id,
          created_at: at(u.created_at),
          movement: {
            kind: 'use' as const,
            date: u.date,
            currency: u.currency as Currency,
            amount: new Decimal(u.amount).negated().toFixed(2),
            transaction: {
              id: u.transaction_id,
              type: u.type as Movement['transaction']['type'],
              reference: u.reference,
            },
            invoice: { id: u.invoice_id, number: u.invoice_number },
            allocation_id: u.allocation_id,
          },
        })),
        ...refunds.map((r) => ({
          id: r.id,
          created_at: at(r.created_at),
          movement: {
            kind: 'refund' as const,
            date: r.date,
            currency: r.currency as Currency,
            amount: new Decimal(r.amount).negated().toFixed(2),
            transaction: {
              id: r.id,
              type: r.type as Movement['transaction']['type'],
              reference: r.reference,
            },
            invoice: null,
            allocation_id: null,
          },
        })),
      ];
      // oldest first to run the balance; on one day credit, then its uses, then refunds
      dated.sort(
        (a, b) =>
          a.movement.date.localeCompare(b.movement.date) ||
          KIND_ORDER[a.movement.kind] - KIND_ORDER[b.movement.kind] ||
          a.created_at.localeCompare(b.created_at) ||
          a.id - b.id,
      );
      const totals = new Map<Currency, { credit: Decimal; used: Decimal }>();
      const movements: Movement[] = dated.map(({ movement }) => {
        const sum = totals.get(movement.currency) ?? { credit: new Decimal(0), used: new Decimal(0) };
        const amount = new Decimal(movement.amount);
        if (amount.isNegative()) sum.used = sum.used.minus(amount);
        else sum.credit = sum.credit.plus(amount);
        totals.set(movement.currency, sum);
        return { ...movement, balance_after: sum.credit.minus(sum.used).toFixed(2) };
      });
      const balances = [...totals.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, s]) => ({
          currency,
          credit: s.credit.toFixed(2),
          used: s.used.toFixed(2),
          balance: s.credit.minus(s.used).toFixed(2),
        }));
      return { client: { id: clientId, name }, balances, movements: movements.reverse() };
    },
  };
}
export type BalancesService = ReturnType<typeof createBalancesService>;
