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
