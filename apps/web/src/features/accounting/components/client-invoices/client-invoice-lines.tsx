import type { InvoiceLine, InvoiceRecord, VatTreatment } from '@app/shared/accounting/invoices.schemas';
import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { formatDate, formatDateRange } from '../../../../lib/format/format-date.ts';
import { formatMoney, sumMoney } from '../../../../lib/format/format-money.ts';
import { RequestLineStatusBadge } from './client-invoice-badges.tsx';

const GROUPS: { treatment: VatTreatment; title: string; note: string }[] = [
  {
    treatment: 'toms',
    title: 'TOMS',
    note: 'Margin scheme: VAT included in the price, no VAT shown or recoverable.',
  },
  {
    treatment: 'disbursement',
    title: 'Disbursements',
    note: 'Paid on the client’s behalf, outside the scope of VAT.',
  },
];

/**
 * The document's lines as the PDF groups them: TOMS lines, then disbursements, each with its
 * request, the request line's status now, and whether a credit note has reversed it.
 */
export function ClientInvoiceLines({ invoice }: { invoice: InvoiceRecord }) {
  // a phone keeps two columns: what and how much; dates and the request line go under the description
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const groups = GROUPS.map((g) => ({
    ...g,
    lines: invoice.lines.filter((l) => l.vat_treatment === g.treatment),
  })).filter((g) => g.lines.length > 0);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="invoice-lines-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="invoice-lines-title">
          Lines ({invoice.lines.length})
        </Title>
        {groups.map((group) => (
          <Stack key={group.treatment} gap={4}>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text fw={600} size="sm">
                {group.title}
              </Text>
              <Text size="xs" c="dimmed">
                {group.note}
              </Text>
            </Group>
            <Table.ScrollContainer minWidth={narrow ? 300 : 760}>
              <Table aria-label={group.title} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={36}>#</Table.Th>
                    <Table.Th>Description</Table.Th>
                    {narrow ? null : (
                      <>
                        <Table.Th>Service dates</Table.Th>
                        <Table.Th>Request line</Table.Th>
                      </>
                    )}
                    <Table.Th ta="right">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {group.lines.map((line) => (
                    <LineRow key={line.id} line={line} currency={invoice.currency} narrow={narrow} />
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Td colSpan={narrow ? 2 : 4}>
                      <Text size="sm" c="dimmed" ta="right">
                        {group.title} total
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(sumMoney(group.lines.map((l) => l.amount)), invoice.currency)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ))}
        <Group justify="flex-end" gap="xs">
          <Text size="sm" c="dimmed">
            Total
          </Text>
          <Text fw={700}>{formatMoney(invoice.total, invoice.currency)}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function LineRow({ line, currency, narrow }: { line: InvoiceLine; currency: string; narrow: boolean }) {
  const dates = <Text size="sm">{formatDateRange(line.service_date_from, line.service_date_to)}</Text>;
  const requestLine = (
    <Group gap={6} align="center">
      <Anchor component={Link} to={`/requests/${line.request.id}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {line.request.number}
      </Anchor>
      <RequestLineStatusBadge status={line.line_status} />
    </Group>
  );
  return (
    <Table.Tr data-testid={`invoice-line-${line.id}`} style={line.credited_at ? { opacity: 0.7 } : undefined}>
      <Table.Td style={{ verticalAlign: 'top' }}>{line.position}</Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }} maw={380}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {line.description}
        </Text>
        <Text size="xs" c="dimmed">
          {line.account_type}
        </Text>
        {narrow ? (
          <Stack gap={2} mt={4}>
            {dates}
            {requestLine}
          </Stack>
        ) : null}
        {line.credited_at ? (
          <Badge color="grape" variant="light" size="sm" radius="sm" tt="none" mt={4}>
            Credited {formatDate(line.credited_at)}
          </Badge>
        ) : null}
      </Table.Td>
      {narrow ? null : (
        <>
          <Table.Td style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>{dates}</Table.Td>
          <Table.Td style={{ verticalAlign: 'top' }}>{requestLine}</Table.Td>
        </>
      )}
      <Table.Td ta="right" style={{ verticalAlign: 'top' }}>
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(line.amount, currency)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
