import { Checkbox, Table, Text } from '@mantine/core';
import { formatMoney } from '../../../../../lib/format/format-money.ts';
import { RequestLineStatusBadge } from '../client-invoice-badges.tsx';
import { type LineChoice, lineSummary } from './client-invoice-line-choices.ts';

/**
 * The request's lines as checkboxes: the Confirmed ones can be ticked (sell, account type,
 * currency shown); the others are greyed with the reason they cannot be invoiced.
 */
export function ClientInvoiceLineChecklist({
  choices,
  checked,
  onToggle,
  error,
}: {
  choices: readonly LineChoice[];
  checked: ReadonlySet<number>;
  onToggle: (lineId: number, on: boolean) => void;
  error?: string | undefined;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        aria-label="Lines to invoice"
        verticalSpacing={6}
        highlightOnHover
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'invoice-lines-error' : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36} />
            <Table.Th w={28}>#</Table.Th>
            <Table.Th>Service</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>Account type</Table.Th>
            <Table.Th ta="right">Sell</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {choices.map(({ line, selectable, reason }, index) => {
            const summary = lineSummary(line);
            const on = checked.has(line.id);
            return (
              <Table.Tr
                key={line.id}
                data-testid={`invoice-line-${line.id}`}
                data-selectable={selectable}
                style={{
                  opacity: selectable ? 1 : 0.55,
                  cursor: selectable ? 'pointer' : 'default',
                }}
                onClick={selectable ? () => onToggle(line.id, !on) : undefined}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={`Line ${index + 1}: ${summary.title}`}
                    checked={on}
                    disabled={!selectable}
                    onChange={(event) => onToggle(line.id, event.currentTarget.checked)}
                    onClick={(event) => event.stopPropagation()}
                  />
                </Table.Td>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td maw={300}>
                  <Text size="sm" fw={500} lineClamp={2}>
                    {summary.title}
                  </Text>
                  {summary.detail ? (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {summary.detail}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {line.account_type}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(line.sell, line.sell_currency)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {reason ? (
                    <Text size="xs" c="dimmed" data-testid="line-reason">
                      {reason}
                    </Text>
                  ) : (
                    <RequestLineStatusBadge status={line.status} />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
