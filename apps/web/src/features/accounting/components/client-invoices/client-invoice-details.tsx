import type { InvoiceRecord } from '@app/shared/accounting/invoices.schemas';
import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { DocumentOverdueMark as OverdueMark } from '../../../../ui/documents/document-status-badges.tsx';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** `1 EUR = 0.856000 GBP`: the sell rate the receivable is valued at in the company's books. */
function rateText(invoice: InvoiceRecord): string {
  if (invoice.currency === invoice.base_currency)
    return `Not needed: ${invoice.currency} is the base currency`;
  return `1 ${invoice.currency} = ${invoice.rate} ${invoice.base_currency}`;
}

/** Who it is for, from which company, the dates, the money and the rate it was stamped with. */
export function ClientInvoiceDetails({ invoice }: { invoice: InvoiceRecord }) {
  const billTo = [invoice.bill_to.address, invoice.bill_to.city, invoice.bill_to.country]
    .filter(Boolean)
    .join(', ');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Invoice details">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="md">
        <Item label="Client">
          <Anchor component={Link} to={`/directory/clients/${invoice.client.id}`}>
            {invoice.client.name}
          </Anchor>
          {billTo ? (
            <Text size="xs" c="dimmed">
              {billTo}
            </Text>
          ) : null}
        </Item>
        <Item label="Request">
          <Anchor component={Link} to={`/requests/${invoice.request.id}`}>
            {invoice.request.number}
          </Anchor>
        </Item>
        <Item label="Company">{invoice.company.name}</Item>
        <Item label="Issue date">{formatDate(invoice.issue_date)}</Item>
        <Item label="Due date">
          <Text span size="sm" c={invoice.overdue ? 'red.7' : undefined}>
            {formatDate(invoice.due_date)}
          </Text>{' '}
          {invoice.overdue ? <OverdueMark /> : null}
        </Item>
        <Item label="Sent">
          {invoice.sent_at ? (
            <>
              {formatDateTime(invoice.sent_at)}
              {invoice.sent_to ? (
                <Text size="xs" c="dimmed">
                  last to {invoice.sent_to}
                </Text>
              ) : null}
            </>
          ) : (
            'Not sent yet'
          )}
        </Item>
        <Item label="Total">
          <Text span fw={700} size="sm" data-testid="invoice-total">
            {formatMoney(invoice.total, invoice.currency)}
          </Text>
        </Item>
        <Item label="Settled">{formatMoney(invoice.settled_amount, invoice.currency)}</Item>
        <Item label="Open">
          <Text span fw={600} size="sm" data-testid="invoice-open">
            {formatMoney(invoice.open_amount, invoice.currency)}
          </Text>
        </Item>
        <Item label={`Total in ${invoice.base_currency}`}>
          {formatMoney(invoice.total_base, invoice.base_currency)}
        </Item>
        <Item label="Rate stamped">
          {rateText(invoice)}
          <Text size="xs" c="dimmed">
            Rate set #{invoice.rate_set_id}, in force on the issue date
          </Text>
        </Item>
        <Item label="Issued">
          {formatDateTime(invoice.created_at)}
          {invoice.created_by ? ` by ${invoice.created_by.name}` : ''}
        </Item>
      </SimpleGrid>
    </Paper>
  );
}
