import type { VoucherGroup } from '@app/shared/accounting/vouchers.schemas';
import { Anchor, Box, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatMoney, sumMoney } from '../../../../lib/format/format-money.ts';
import { FiguresHead } from '../common/figures-head.tsx';

/** Groups shown before "Show all". */
const FOLDED = 8;

/** The sum per currency over every group: what the filters add up to. */
export function currencyTotals(
  groups: readonly VoucherGroup[],
): { currency: string; amount: string; count: number }[] {
  const byCurrency = new Map<string, VoucherGroup[]>();
  for (const g of groups) byCurrency.set(g.currency, [...(byCurrency.get(g.currency) ?? []), g]);
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, list]) => ({
      currency,
      amount: sumMoney(list.map((g) => g.amount)),
      count: list.reduce((n, g) => n + g.count, 0),
    }));
}

const plural = (n: number) => `${n} voucher${n === 1 ? '' : 's'}`;

/**
 * What is to be paid to whom: one row per supplier and currency over everything the filters
 * match (not only this page), then the total per currency. A supplier's name narrows the list to it.
 */
export function VoucherGroups({
  groups,
  onPick,
}: {
  groups: readonly VoucherGroup[] | undefined;
  onPick: (group: VoucherGroup) => void;
}) {
  const [open, setOpen] = useState(false);
  if (!groups || groups.length === 0) return null;
  const shown = open ? groups : groups.slice(0, FOLDED);
  const totals = currencyTotals(groups);
  return (
    <Box component="section" aria-labelledby="voucher-groups-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h5" id="voucher-groups-title">
            By supplier and currency
          </Title>
          <Group gap="md" data-testid="voucher-currency-totals">
            {totals.map((t) => (
              <Text key={t.currency} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(t.amount, t.currency)}{' '}
                <Text span size="xs" c="dimmed" fw={400}>
                  ({plural(t.count)})
                </Text>
              </Text>
            ))}
          </Group>
        </Group>
        <Table
          verticalSpacing={4}
          fz="sm"
          aria-labelledby="voucher-groups-title"
          data-testid="voucher-groups"
        >
          <FiguresHead label="Supplier" figures={['Vouchers', 'Amount']} />
          <Table.Tbody>
            {shown.map((g) => (
              <Table.Tr key={`${g.supplier.id}-${g.currency}`}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    ta="left"
                    onClick={() => onPick(g)}
                    aria-label={`Show the vouchers of ${g.supplier.name} in ${g.currency}`}
                  >
                    {g.supplier.name}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{g.count}</Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {formatMoney(g.amount, g.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {groups.length > FOLDED ? (
          <Button variant="subtle" size="xs" w="fit-content" onClick={() => setOpen((v) => !v)}>
            {open ? 'Show fewer' : `Show all ${groups.length}`}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
