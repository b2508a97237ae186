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
 * The sales ledger follows a correction of a rate set, or a pair deleted from it (its converted
 * columns and estimated costs are valued with the set stamped on the document). The rates module
 * runs its change of the set's records inside this, in its transaction: the ledger's writers are
 * held off first (the exclusive side of the lock every writer takes shared before any other ledger
 * lock, so neither waits for the other while holding what it needs), then the change, then the
 * set's rows are re-derived. Refused (`PERIOD_LOCKED`) when that would move a document of a closed
 * month, or (`NO_RATE_SET`) when the set could no longer value one.
 */
export async function withLedgerOfRateSet<T>(
  tx: Executor,
  setId: number,
  change: () => Promise<T>,
): Promise<T> {
  await salesLedgerRepository.holdRateSetsExclusively(tx);
  const result = await change();
  await salesLedgerRepository.syncRateSet(tx, setId);
  return result;
}
