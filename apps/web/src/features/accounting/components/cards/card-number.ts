import { CARD_EXPIRY_PATTERN } from '@app/shared/accounting/cards.schemas';

/** At most 19 digits (ISO/IEC 7812). */
export const CARD_NUMBER_MAX_DIGITS = 19;

const isAmex = (digits: string) => /^3[47]/.test(digits);

/**
 * What the number field shows while it is typed: digits only, grouped as printed on the card
 * (4-6-5 for American Express, fours otherwise). Anything else typed is dropped.
 */
export function groupCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  if (isAmex(digits))
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The brand the server will read from the number's first digits (shown as a hint only). */
export function cardBrandHint(text: string): 'Visa' | 'Mastercard' | 'Amex' | null {
  const digits = text.replace(/\D/g, '');
  if (digits.startsWith('4')) return 'Visa';
  if (isAmex(digits)) return 'Amex';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (digits.length >= 4 && four >= 2221 && four <= 2720)) return 'Mastercard';
  return null;
}

/** What the expiry field shows while it is typed: `MM/YY`, the slash added after the month. */
export function formatExpiryInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * Whether a `MM/YY` expiry is over: a card is valid to the end of its month, so `05/26` expires
 * after 31/05/2026. `today` is `YYYY-MM-DD`.
 */
export function isExpiryPast(expiry: string, today: string): boolean {
  if (!CARD_EXPIRY_PATTERN.test(expiry)) return false;
  const month = Number(expiry.slice(0, 2));
  const year = 2000 + Number(expiry.slice(3, 5));
  const nowYear = Number(today.slice(0, 4));
  const nowMonth = Number(today.slice(5, 7));
  return year < nowYear || (year === nowYear && month < nowMonth);
}
