import { ALLOCATION_MESSAGES, type ClientBalance } from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { moneyLabel } from './allocations.rules.ts';
import { type BalanceTransactionRow, balancesRepository as repo } from './balances.repository.ts';

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
 * One movement: a credit line adds its amount; a use (`id` its allocation's) or a refund takes it
 * away. `transactionId` is the bank line's.
 */
function toDated(
  kind: Movement['kind'],
  r: Pick<BalanceTransactionRow, 'type' | 'date' | 'currency' | 'amount' | 'reference' | 'created_at'>,
  id: number,
  transactionId: number,
  invoice: Movement['invoice'],
): Dated {
  const amount = new Decimal(r.amount);
  return {
    id,
    created_at: at(r.created_at),
    movement: {
      kind,
      date: r.date,
      currency: r.currency as Currency,
      amount: (kind === 'credit' ? amount : amount.negated()).toFixed(2),
      transaction: {
        id: transactionId,
        type: r.type as Movement['transaction']['type'],
        reference: r.reference,
      },
      invoice,
      allocation_id: kind === 'use' ? id : null,
    },
  };
}

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
        ...credits.map((c) => toDated('credit', c, c.id, c.id, null)),
        ...uses.map((u) =>
          toDated('use', u, u.allocation_id, u.transaction_id, {
            id: u.invoice_id,
            number: u.invoice_number,
          }),
        ),
        ...refunds.map((r) => toDated('refund', r, r.id, r.id, null)),
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

    /**
     * The `balances` part of `get` for many clients in one read (a report's page): per client, its
     * currencies in order with credit, used and balance. A client without movements is absent.
     */
    async totalsOf(clientIds: readonly number[]): Promise<Map<number, ClientBalance['balances']>> {
      const out = new Map<number, ClientBalance['balances']>();
      for (const r of await repo.totals(db, clientIds)) {
        const credit = new Decimal(r.credit);
        const used = new Decimal(r.used);
        const list = out.get(r.client_id) ?? [];
        list.push({
          currency: r.currency as Currency,
          credit: credit.toFixed(2),
          used: used.toFixed(2),
          balance: credit.minus(used).toFixed(2),
        });
        out.set(r.client_id, list);
      }
      for (const list of out.values()) list.sort((a, b) => a.currency.localeCompare(b.currency));
      return out;
    },
  };
}
export type BalancesService = ReturnType<typeof createBalancesService>;
