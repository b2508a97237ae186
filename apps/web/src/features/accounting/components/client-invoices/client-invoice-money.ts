import { formatMoney } from '../../../../lib/format/format-money.ts';

/** An amount for running text (a toast): its group spaces do not break, so it never wraps mid-number. */
export function moneyInText(amount: string, currency: string): string {
  return formatMoney(amount, currency).replace(/ /g, '\u00a0');
}
