import type { Executor } from '../../db/client.ts';
import { salesLedgerRepository } from './sales-ledger.repository.ts';

/**
 * The sales ledger (decision 0012) follows a request line's cost. The requests module calls this
 * in the transaction that changes a line's cost or cost currency (a line credited back and
 * unconfirmed may take a new one); it is the only way it reaches the ledger (a module never uses
 * another's repository). The line is locked by the caller.
 */
export function syncSoldLines(tx: Executor, lineIds: readonly number[]): Promise<void> {
  return salesLedgerRepository.syncRequestLines(tx, lineIds);
}

/**
 * The sales ledger follows a correction of a rate set (its converted columns and estimated costs
 * are valued with the set stamped on the document). The rates module runs its change of the set's
 * records inside this, in its transaction: the lines valued with the set are locked first (the
 * order every ledger writer takes), then the change, then their rows are re-derived.
 */
export async function withLedgerOfRateSet<T>(
  tx: Executor,
  setId: number,
  change: () => Promise<T>,
): Promise<T> {
  await salesLedgerRepository.lockRateSet(tx, setId);
  const result = await change();
  await salesLedgerRepository.syncRateSet(tx, setId);
  return result;
}
