import type { InvoiceRecord } from '@app/shared/accounting/invoices.schemas';
import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { CLIENT_INVOICES_PATH } from './client-invoices-filters.ts';

const docLink = (doc: { id: number; number: string }) => (
  <Anchor component={Link} to={`${CLIENT_INVOICES_PATH}/${doc.id}`} size="sm" fw={600}>
    {doc.number}
  </Anchor>
);

/**
 * How this document and its credit notes relate: the invoice a credit note reverses (and why),
 * the credit notes of an invoice, and what each applied to the invoice's open amount. Nothing is
 * shown for an invoice never credited.
 */
export function ClientInvoiceCredits({ invoice }: { invoice: InvoiceRecord }) {
  const isNote = invoice.kind === 'credit_note';
  if (!isNote && invoice.credit_notes.length === 0 && invoice.applications.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="credits-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="credits-title">
          {isNote ? 'Credited invoice' : 'Credit notes'}
        </Title>
        {isNote && invoice.credits_invoice ? (
          <Stack gap={4}>
            <Text size="sm">Reverses {docLink(invoice.credits_invoice)}</Text>
            {invoice.reason ? (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                Reason: {invoice.reason}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {!isNote && invoice.credit_notes.length > 0 ? (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {invoice.credit_notes.map((note) => (
              <li key={note.id}>
                <Text size="sm">
                  {docLink(note)} · {formatMoney(note.total, invoice.currency)}
                </Text>
              </li>
            ))}
          </Stack>
        ) : null}
        {invoice.applications.length > 0 ? (
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label="Credit applied" verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{isNote ? 'Applied to' : 'Credit note'}</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th ta="right">Amount applied</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.applications.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {docLink(isNote ? a.invoice : a.credit_note)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.created_at)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(a.amount, invoice.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : isNote ? (
          <Text size="sm" c="dimmed">
            Nothing applied: the invoice had nothing left open, so this credit stays open for a refund or the
            client’s deposit.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
