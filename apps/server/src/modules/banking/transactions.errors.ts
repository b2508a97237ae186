import { TRANSACTION_MESSAGES as M, MESSAGES } from '@app/shared';
import { Decimal } from 'decimal.js';
import { AppError } from '../../platform/errors.ts';

// The refusals of decision 0011 "Transactions": a new error per throw, each a 400 that writes nothing.

type Code = ConstructorParameters<typeof AppError>[0];
const rule = (code: Code, message: string) => new AppError(code, message, { rule: true });

/** "GBP 1,200.00": the code, thousands grouped with commas, two places (decision 0011's sentences). */
export function money(amount: string, currency: string): string {
  const [int = '0', frac = '00'] = new Decimal(amount).abs().toFixed(2).split('.');
  const sign = new Decimal(amount).isNegative() ? '-' : '';
  return `${currency} ${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

export const TRANSACTION_NOT_FOUND = () => AppError.notFound('Bank transaction');

export const FIELD_INVALID = (field: string) => AppError.fields({ [field]: [MESSAGES.invalidValue] });
export const FIELD_REQUIRED = (field: string) => AppError.fields({ [field]: [MESSAGES.required] });

export const BANK_CURRENCY = (bank: string, currency: string, held: string) =>
  rule('BANK_CURRENCY_MISMATCH', M.bankCurrency(bank, currency, held));
export const WAY_OF_TYPE = (way: string, type: string) => rule('TRANSACTION_INVALID', M.wayOfType(way, type));
export const TRANSFER_BY_HAND = () => rule('TRANSACTION_IS_TRANSFER', M.transferLeg);
export const TRANSFER_FIELDS = () => rule('TRANSACTION_IS_TRANSFER', M.transferFields);
export const CARD_NOT_SPEND = () => rule('TRANSACTION_INVALID', M.cardNotSpend);
export const CARD_OF_ANOTHER_BANK = (card: string, bank: string) =>
  rule('TRANSACTION_INVALID', M.cardOfAnotherBank(card, bank));
export const CREDIT_NEEDS_CLIENT = () => rule('TRANSACTION_INVALID', M.creditNeedsClient);

/** `allocated`: what is matched, as a sentence part ('GBP 800.00 of GBP 1,000.00 allocated'). */
export const ALLOCATED = (allocated: string, amount: string, currency: string) =>
  rule(
    'TRANSACTION_ALLOCATED',
    M.allocated(`${money(allocated, currency)} of ${money(amount, currency)} allocated`),
  );
export const ALLOCATED_COUNTERPARTY = () => rule('TRANSACTION_ALLOCATED', M.allocatedCounterparty);

export const SAME_BANK = () => rule('TRANSACTION_INVALID', M.sameBank);
export const COMPANY_OF_TRANSFER = () => rule('TRANSACTION_INVALID', M.companyOfTransfer);
export const SAME_CURRENCY_AMOUNTS = () => rule('TRANSACTION_INVALID', M.sameCurrencyAmounts);
export const TRANSFER_AMOUNTS = (expected: string, given: string, currency: string) =>
  rule('TRANSACTION_INVALID', M.transferAmounts(money(expected, currency), money(given, currency)));
export const RATE_REQUIRED = (from: string, to: string) => rule('RATE_REQUIRED', M.rateRequired(from, to));
