import { Checkbox, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
  // a phone keeps the box, the service and the sell; the account type and the reason go under the service
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Table.ScrollContainer minWidth={narrow ? 300 : 640}>
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
            {narrow ? null : <Table.Th style={{ whiteSpace: 'nowrap' }}>Account type</Table.Th>}
            <Table.Th ta="right">Sell</Table.Th>
            {narrow ? null : <Table.Th>Status</Table.Th>}
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
                  {narrow ? (
                    <Text size="xs" c="dimmed" data-testid={reason ? 'line-reason' : undefined}>
                      {line.account_type}
                      {reason ? ` · ${reason}` : ''}
                    </Text>
                  ) : null}
                </Table.Td>
                {narrow ? null : (
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {line.account_type}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td ta="right">
                  <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(line.sell, line.sell_currency)}
                  </Text>
                </Table.Td>
                {narrow ? null : (
                  <Table.Td>
                    {reason ? (
                      <Text size="xs" c="dimmed" data-testid="line-reason">
                        {reason}
                      </Text>
                    ) : (
                      <RequestLineStatusBadge status={line.status} />
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
