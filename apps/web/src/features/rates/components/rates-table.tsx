import { buyKey, PAIRS, pairLabel, sellKey } from '@app/shared/rates/currencies';
import { buildPairsObj } from '@app/shared/rates/rate-lookup';
import type { RateRecord } from '@app/shared/rates/rates.schemas';
import { Table } from '@mantine/core';
import { formatRate } from './rate-format.ts';

export interface RatesTableProps {
  rates: readonly RateRecord[];
  /** Adds the stored inverse rate (1 / buy) of each pair. */
  withInverse?: boolean;
  caption?: string;
}

/** A set's six pairs as Pairs / Sell / Buy, the layout of the dialog (spec 2.5). */
export function RatesTable({ rates, withInverse, caption }: RatesTableProps) {
  const pairs = buildPairsObj(rates);
  return (
    <Table striped withTableBorder highlightOnHover={false} verticalSpacing={4} fz="sm">
      {caption && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Pairs</Table.Th>
          <Table.Th ta="right">Sell</Table.Th>
          <Table.Th ta="right">Buy</Table.Th>
          {withInverse && <Table.Th ta="right">Inverse (1 / buy)</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {PAIRS.map((pair) => (
          <Table.Tr key={pairLabel(pair)} data-pair={`${pair.original}_${pair.target}`}>
            <Table.Td>{pairLabel(pair)}</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatRate(pairs[sellKey(pair.original, pair.target)])}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatRate(pairs[buyKey(pair.original, pair.target)])}
            </Table.Td>
            {withInverse && (
              <Table.Td ta="right" ff="monospace">
                {formatRate(pairs[sellKey(pair.target, pair.original)])}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
