import type { Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { recordChange } from '../audit/audit.service.ts';
import { transactionSnapshot } from './transactions.mappers.ts';
import type { TransactionRow } from './transactions.repository.ts';

/** The history of bank lines: `GET audit/?entity=bank_transaction&entity_id=` (Admin, Accountant). */
export const TRANSACTION_ENTITY = 'bank_transaction';

/** Records a line's create (`before` null), change or delete (`after` null) in the caller's transaction. */
export function recordLine(
  tx: Executor,
  ctx: Ctx | null,
  before: TransactionRow | null,
  after: TransactionRow | null,
): Promise<boolean> {
  const id = (after ?? before)!.id;
  return recordChange(
    tx,
    ctx,
    TRANSACTION_ENTITY,
    id,
    before && transactionSnapshot(before),
    after && transactionSnapshot(after),
  );
}
