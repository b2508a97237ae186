import { toDecimal } from '@app/shared/rates/rate-math';
import { Text } from '@mantine/core';
import { formatMoney } from '../../../../lib/format/format-money.ts';

/** Digits of equal width, so amounts in a column line up on the decimal point. */
export const TABULAR = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** `+12.40 GBP gain`, `−3.10 GBP loss`, `0.00 GBP`: the realised FX difference in the base currency. */
export function fxDifferenceText(amount: string, currency: string): string {
  const value = toDecimal(amount);
  if (!value || value.isZero()) return formatMoney('0', currency);
  const shown = formatMoney(value.abs().toFixed(2), currency);
  return value.isPositive() ? `+${shown} gain` : `−${shown} loss`;
}

/** The FX difference, a gain in green and a loss in red. */
export function FxDifference({
  amount,
  currency,
  size = 'sm',
}: {
  amount: string;
  currency: string;
  size?: string;
}) {
  const value = toDecimal(amount);
  const color = !value || value.isZero() ? undefined : value.isPositive() ? 'green.8' : 'red.8';
  return (
    <Text span size={size} fw={600} c={color} style={TABULAR} data-testid="fx-difference">
      {fxDifferenceText(amount, currency)}
    </Text>
  );
}
