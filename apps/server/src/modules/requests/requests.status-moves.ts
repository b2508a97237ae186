import { type AccountStatus, isLegalLineMove, type RequestLineStatusBody } from '@app/shared';
import { ILLEGAL_MOVE, NO_RATE_SET } from './requests.errors.ts';
import { type RatesNow, stampOf } from './requests.money.ts';
import type { RequestLineInsert, RequestLineRow } from './requests.repository.ts';

/** The stamp a line loses when its confirmation is undone: it is valued live again. */
const NO_STAMP = {
  rate_set_id: null,
  sell_rate: null,
  cost_rate: null,
  sell_base: null,
  cost_base: null,
} satisfies Partial<RequestLineInsert>;

/**
 * The line's columns after a status move of decision 0009 (400 ILLEGAL_STATUS_MOVE for a move the
 * table refuses). Confirm stamps the newest rates (400 NO_RATE_SET when they cannot convert the
 * line); undoing it clears the stamp.
 */
export function statusMoveValues(
  line: RequestLineRow,
  to: RequestLineStatusBody['status'],
  baseCurrency: string,
  now: RatesNow | null,
): Partial<RequestLineInsert> {
  if (!isLegalLineMove(line.status as AccountStatus | null, to)) throw ILLEGAL_MOVE(line.status, to);
  if (to === 'Confirmed') {
    const stamp = stampOf(line, baseCurrency, now);
    if (!stamp) throw NO_RATE_SET([...new Set([line.sell_currency, line.cost_currency])].join(', '));
    return { status: to, ...stamp };
  }
  if (to === null) return { status: to, ...NO_STAMP };
  return { status: to };
}
