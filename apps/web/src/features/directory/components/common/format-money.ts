/**
 * `"-1234567.5"` -> `-1 234 567.50 GBP`: grouped with the spec's space separator, two decimals,
 * done on the text so an amount never passes through a float.
 */
export function formatMoney(amount: string, currency?: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole = '0', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const cents = `${fraction}00`.slice(0, 2);
  return `${sign}${grouped}.${cents}${currency ? ` ${currency}` : ''}`;
}
