import {
  findRate,
  isReceiveType,
  RATE_CURRENCIES,
  type RateLike,
  SUGGESTION_REASONS,
  SUGGESTIONS_MAX,
  type Suggestion,
  type SuggestionReason,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { voucherLabel } from '../accounting/settlement.ts';
import { allocationsRepository } from './allocations.repository.ts';
import { type AllocationTransaction, isRefundTransaction } from './allocations.rules.ts';
import { type AmountRanges, type CandidateRow, findCandidates } from './suggestions.repository.ts';

const HALF_UP = Decimal.ROUND_HALF_UP;
const DAY = 86_400_000;
/** ±1%: the amount lookup and the `amount_close` reason. */
const CLOSE = new Decimal('0.01');
const DUE_SOON_DAYS = 30;

type Currency = Suggestion['currency'];
const REASON_ORDER = Object.keys(SUGGESTION_REASONS) as SuggestionReason[];

const daysBetween = (a: string, b: string) =>
  Math.abs(new Date(`${a}T00:00:00Z`).getTime() - new Date(`${b}T00:00:00Z`).getTime()) / DAY;

/** What a line may settle: invoices for money in, bills and vouchers for money out (not refunds or transfers). */
function kindsFor(t: AllocationTransaction): Array<'invoice' | 'bill' | 'voucher'> {
  if (t.type.endsWith('-TRANSFER') || isRefundTransaction(t)) return [];
  return isReceiveType(t.type) ? ['invoice'] : ['bill', 'voucher'];
}

/**
 * Document currency per unit of the line's, from the set in force on the line's date (sell side
 * for money in, buy for money out, as the allocation's base amount); null when the set cannot
 * convert (such candidates are left out: their amounts could not be proposed).
 */
function converter(t: AllocationTransaction, rates: readonly RateLike[] | null) {
  const side = isReceiveType(t.type) ? 'sell' : 'buy';
  return (currency: string): Decimal | null => {
    if (currency === t.currency) return new Decimal(1);
    const found = rates ? findRate(rates, t.currency, currency, side) : null;
    return found ? new Decimal(found.rate) : null;
  };
}

/** The ranked suggestion for one candidate, or null when it cannot be proposed. */
function suggest(
  t: AllocationTransaction,
  c: CandidateRow,
  open: Decimal,
  rateTo: (currency: string) => Decimal | null,
): Suggestion | null {
  const rate = rateTo(c.currency);
  const documentOpen = new Decimal(c.open_amount);
  if (!rate || documentOpen.lte(0)) return null;
  const reasons: SuggestionReason[] = [];
  if (c.by_reference) reasons.push('reference');
  // the document's open amount in the line's currency, to cents
  const inLine = documentOpen.dividedBy(rate).toDecimalPlaces(2, HALF_UP);
  if (inLine.equals(open)) reasons.push('amount_exact');
  else if (inLine.minus(open).abs().lte(open.times(CLOSE))) reasons.push('amount_close');
  if (t.counterparty_id !== null) reasons.push('counterparty');
  if (daysBetween(c.due_date, t.date) <= DUE_SOON_DAYS) reasons.push('due_soon');
  // the smaller open side, in both currencies
  const lineSmaller = open.times(rate).lte(documentOpen);
  const amount = lineSmaller ? open : Decimal.min(open, inLine);
  const invoiceAmount = lineSmaller
    ? Decimal.min(documentOpen, open.times(rate).toDecimalPlaces(2, HALF_UP))
    : documentOpen;
  if (amount.lte(0) || invoiceAmount.lte(0)) return null;
  const ordered = REASON_ORDER.filter((r) => reasons.includes(r));
  return {
    kind: c.kind,
    id: c.id,
    number: c.kind === 'voucher' ? voucherLabel(c.voucher_type!, c.due_date, c.number) : c.number,
    counterparty: { id: c.counterparty_id, name: c.counterparty_name },
    currency: c.currency as Currency,
    total: new Decimal(c.total).toFixed(2),
    open_amount: documentOpen.toFixed(2),
    issue_date: c.issue_date,
    due_date: c.due_date,
    score: ordered.reduce((sum, r) => sum + SUGGESTION_REASONS[r].weight, 0),
    reasons: ordered,
    reason: ordered.map((r) => SUGGESTION_REASONS[r].label).join(' · '),
    amount: amount.toFixed(2),
    invoice_amount: invoiceAmount.toFixed(2),
  };
}

export interface SuggestionsServiceDeps {
  db: Db;
  rates: { onDate(date: string): Promise<{ rates: readonly RateLike[] } | null> };
}

/** `GET transactions/{id}/suggestions/` (decision 0011, "Suggestions"): a few index scans, ranked in code. */
export function createSuggestionsService({ db, rates }: SuggestionsServiceDeps) {
  return {
    async forTransaction(id: number): Promise<Suggestion[]> {
      const t = await allocationsRepository.transaction(db, id, false);
      if (!t) throw AppError.notFound('Transaction');
      const open = new Decimal(t.amount).minus(t.allocated_amount);
      const kinds = kindsFor(t);
      if (open.lte(0) || !kinds.length) return [];
      // a line of a client settles only invoices; of a supplier, only bills and vouchers
      const side = kinds.includes('invoice') ? 'client' : 'supplier';
      if (t.counterparty_kind !== null && t.counterparty_kind !== side) return [];
      const set = await rates.onDate(t.date);
      const rateTo = converter(t, set?.rates ?? null);
      const ranges: AmountRanges = [];
      for (const currency of RATE_CURRENCIES) {
        const rate = rateTo(currency);
        if (!rate) continue;
        const target = open.times(rate);
        ranges.push({
          currency,
          low: target.times(Decimal.sub(1, CLOSE)).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2),
          high: target.times(Decimal.add(1, CLOSE)).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2),
        });
      }
      const candidates = await findCandidates(db, {
        kinds,
        company_id: t.company_id,
        counterparty_id: t.counterparty_id,
        words: t.reference_words,
        ranges,
      });
      return candidates
        .map((c) => suggest(t, c, open, rateTo))
        .filter((s): s is Suggestion => s !== null)
        .sort(
          (a, b) => b.score - a.score || (a.due_date ?? '').localeCompare(b.due_date ?? '') || a.id - b.id,
        )
        .slice(0, SUGGESTIONS_MAX);
    },
  };
}
export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
