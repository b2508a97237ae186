import { Text } from '@mantine/core';

/** The currency at the end of an amount field; nothing until it is known. */
export function CurrencyTag({ currency }: { currency: string | null }) {
  return currency ? (
    <Text size="xs" c="dimmed" pr="xs">
      {currency}
    </Text>
  ) : null;
}
