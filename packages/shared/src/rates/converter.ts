import { MESSAGES, minValueMessage } from '../validation/messages.ts';
import { findRate, type RateLike } from './rate-lookup.ts';
import { CONVERTER_DP, Dec, toDecimal, toFixedText } from './rate-math.ts';
import { RATES_MESSAGES } from './rates.messages.ts';

export interface ConverterInput {
  currency_from: string | null | undefined;
  currency_to: string | null | undefined;
  initial_amount: string | number | null | undefined;
}

export type ConverterOutcome =
  /** A required value is missing: mark every field touched and say 'Fill all required fields'. */
  | { status: 'missing'; message: string }
  /** The amount is not a number or is below 0 (a field error, spec section 5). */
  | { status: 'invalid'; field: 'initial_amount'; message: string }
  /** No rate for the pair: the result is 0 and 'Rate not found for this currencies' is shown. */
  | { status: 'not_found'; converted_amount: string; message: string }
  | { status: 'ok'; converted_amount: string };

const isBlank = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The header converter of spec section 5: the same currency gives the amount, otherwise
 * amount × the matching rate of the current set; both to 4 decimals.
 */
export function convertForHeader(input: ConverterInput, rates: readonly RateLike[]): ConverterOutcome {
  const { currency_from: from, currency_to: to, initial_amount: amountText } = input;
  if (isBlank(from) || isBlank(to) || isBlank(amountText)) {
    return { status: 'missing', message: RATES_MESSAGES.fillRequired };
  }
  const amount = toDecimal(amountText);
  if (amount === null) return { status: 'invalid', field: 'initial_amount', message: MESSAGES.onlyNumbers };
  if (amount.isNegative() && !amount.isZero()) {
    return { status: 'invalid', field: 'initial_amount', message: minValueMessage(0) };
  }
  if (from === to) return { status: 'ok', converted_amount: toFixedText(amount, CONVERTER_DP) };
  const found = findRate(rates, from as string, to as string, 'sell');
  const rate = found ? toDecimal(found.rate) : null;
  if (rate === null) {
    return {
      status: 'not_found',
      converted_amount: toFixedText(new Dec(0), CONVERTER_DP),
      message: RATES_MESSAGES.rateNotFound,
    };
  }
  return { status: 'ok', converted_amount: toFixedText(amount.times(rate), CONVERTER_DP) };
}
