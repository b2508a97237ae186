import type { CurrencyTotals } from '@app/shared/accounting/accounting.common';
import { Group, Loader, Stack, Table, Text } from '@mantine/core';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { FiguresHead } from '../common/figures-head.tsx';

/**
 * The table's footer: for everything the filters match (all pages), the count, total and open
 * amount per currency, from `GET invoices-and-bills/totals/`. Currencies are never added together.
 */
export function RegisterTotals({
  totals,
  loading,
  failed,
}: {
  totals: readonly CurrencyTotals[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  return (
    <Stack
      gap={4}
      component="section"
      aria-labelledby="register-totals-title"
      mt="xs"
      pt="sm"
      align="flex-end"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="xs">
        <Text size="sm" fw={600} id="register-totals-title">
          Totals of all matching documents
        </Text>
        {loading ? <Loader size="xs" aria-label="Loading the totals" /> : null}
      </Group>
      {failed ? (
        <Text size="sm" c="red.7" role="alert">
          The totals could not be loaded.
        </Text>
      ) : totals && totals.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to add up.
        </Text>
      ) : totals ? (
        <Table.ScrollContainer minWidth={320} maw="100%">
          <Table
            withRowBorders={false}
            verticalSpacing={2}
            fz="sm"
            style={{ width: 'auto', minWidth: 'min(100%, 30rem)' }}
            aria-labelledby="register-totals-title"
            data-testid="register-totals"
          >
            <FiguresHead label="Currency" figures={['Documents', 'Total', 'Open']} />
            <Table.Tbody>
              {totals.map((t) => (
                <Table.Tr key={t.currency}>
                  <Table.Th scope="row" fw={600}>
                    {t.currency}
                  </Table.Th>
                  <Table.Td style={{ textAlign: 'right' }}>{t.count.toLocaleString('en-US')}</Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    {formatMoney(t.total)}
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    {formatMoney(t.open)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
