import type { BillRecord } from '@app/shared/accounting/bills.schemas';
import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney } from '../../../../lib/format/format-money.ts';

/** The request lines the bill pays for, with each line's cost as it was when recorded. */
export function BillLinesTable({ bill }: { bill: BillRecord }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="bill-lines-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="bill-lines-title">
          Lines
        </Title>
        <Table verticalSpacing="xs" aria-labelledby="bill-lines-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Request and service</Table.Th>
              <Table.Th scope="col" w={130} style={{ textAlign: 'right' }}>
                Cost
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bill.lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/requests/${line.request.id}`} size="sm" fw={600}>
                    {line.request.number}
                  </Anchor>
                  <Text size="sm">{line.service_type}</Text>
                  <Text size="xs" c="dimmed">
                    {line.description}
                  </Text>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  <Text size="sm">{formatMoney(line.amount, bill.currency)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" style={{ textAlign: 'right' }}>
                Lines' cost
              </Table.Th>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                <Text size="sm" fw={700}>
                  {formatMoney(bill.lines_cost, bill.currency)}
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Stack>
    </Paper>
  );
}
