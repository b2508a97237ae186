import type { BillListItem } from '@app/shared/accounting/bills.schemas';
import type { InvoiceListItem } from '@app/shared/accounting/invoices.schemas';
import type { RequestRecord } from '@app/shared/requests/requests.schemas';
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import {
  DocumentOverdueMark,
  DocumentPaymentBadge,
  DocumentSentBadge,
} from '../../../../ui/documents/document-status-badges.tsx';
import { useRequestBills } from '../../api/list-request-bills.ts';
import { useRequestInvoices } from '../../api/list-request-invoices.ts';

/** The accounting pages this section links to (another feature: reached by address only). */
const INVOICES_PATH = '/accounting/client-invoices';
const BILLS_PATH = '/accounting/supplier-invoices';

/**
 * The request's accounting documents (Admin and Accountant only): its client invoices and credit
 * notes and its supplier bills, with a way to issue an invoice from its Confirmed lines or record
 * a bill against them.
 */
export function InvoicesPanel({ request }: { request: RequestRecord }) {
  const invoices = useRequestInvoices(request.id);
  const bills = useRequestBills(request.id);
  const open = request.canceled_at === null;
  const confirmed = request.lines.filter((l) => l.status === 'Confirmed').length;
  // a bill is a supplier's: an Accounting line (a fee, no supplier) has none to record
  const billable = request.lines.some(
    (l) =>
      l.supplier !== null &&
      (l.status === 'Confirmed' || l.status === 'Invoiced' || l.status === 'Accounted'),
  );
  const canIssue = open && confirmed > 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="invoices-title">
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id="invoices-title">
            Invoices and bills
          </Title>
          <Group gap="sm">
            {billable ? (
              <Button variant="default" component={Link} to={`${BILLS_PATH}?new=1&request=${request.id}`}>
                Record bill
              </Button>
            ) : (
              <Button variant="default" disabled title="No confirmed supplier line to bill">
                Record bill
              </Button>
            )}
            {canIssue ? (
              <Button component={Link} to={`${INVOICES_PATH}?new=1&request=${request.id}`}>
                Issue invoice
              </Button>
            ) : (
              <Button disabled aria-describedby="issue-invoice-why">
                Issue invoice
              </Button>
            )}
          </Group>
        </Group>
        {canIssue ? (
          <Text size="sm" c="dimmed">
            {confirmed} Confirmed {confirmed === 1 ? 'line is' : 'lines are'} ready to invoice.
          </Text>
        ) : (
          <Text size="sm" c="dimmed" id="issue-invoice-why">
            {open ? 'No Confirmed line to invoice.' : 'The request is canceled: nothing more to invoice.'}
          </Text>
        )}

        <Documents
          title="Client invoices and credit notes"
          query={invoices}
          empty="No invoice yet."
          failed="The invoices could not be loaded."
          render={(rows: InvoiceListItem[]) => <InvoiceTable rows={rows} />}
        />
        <Documents
          title="Supplier bills"
          query={bills}
          empty="No bill yet."
          failed="The bills could not be loaded."
          render={(rows: BillListItem[]) => <BillTable rows={rows} />}
        />
      </Stack>
    </Paper>
  );
}

function Documents<T>({
  title,
  query,
  empty,
  failed,
  render,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; data?: { data: T[] } | undefined; refetch: () => unknown };
  empty: string;
  failed: string;
  render: (rows: T[]) => ReactNode;
}) {
  const rows = query.data?.data ?? [];
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {query.isPending ? <Loader size="xs" aria-label={`Loading ${title.toLowerCase()}`} /> : null}
      {query.isError ? (
        <Group gap="sm">
          <Text size="sm" c="red" role="alert">
            {failed}
          </Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Group>
      ) : null}
      {query.data && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : null}
      {rows.length > 0 ? render(rows) : null}
    </Stack>
  );
}

function InvoiceTable({ rows }: { rows: InvoiceListItem[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="Client invoices" verticalSpacing={6} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Issued</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Open</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Anchor component={Link} to={`${INVOICES_PATH}/${row.id}`} size="sm" fw={600}>
                    {row.number}
                  </Anchor>
                  {row.kind === 'credit_note' ? (
                    <Badge color="grape" variant="outline" radius="sm" tt="none" size="sm">
                      Credit note
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{formatDate(row.issue_date)}</Table.Td>
              <Table.Td>
                <Text span size="sm" c={row.overdue ? 'red.7' : undefined}>
                  {formatDate(row.due_date)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.total, row.currency)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.open_amount, row.currency)}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <DocumentSentBadge sent={row.sent_at !== null} />
                  <DocumentPaymentBadge status={row.payment_status} />
                  {row.overdue ? <DocumentOverdueMark /> : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function BillTable({ rows }: { rows: BillListItem[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="Supplier bills" verticalSpacing={6} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Supplier</Table.Th>
            <Table.Th>Issued</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Anchor component={Link} to={`${BILLS_PATH}/${row.id}`} size="sm" fw={600}>
                  {row.number}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1}>
                  {row.supplier.name}
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(row.issue_date)}</Table.Td>
              <Table.Td>
                <Text span size="sm" c={row.overdue ? 'red.7' : undefined}>
                  {formatDate(row.due_date)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.amount, row.currency)}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <DocumentPaymentBadge status={row.payment_status} />
                  {row.overdue ? <DocumentOverdueMark /> : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
