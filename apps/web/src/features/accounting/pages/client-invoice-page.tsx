import { Button, Grid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { RecordHeader } from '../../../ui/record-header/record-header.tsx';
import { RecordState } from '../../../ui/record-header/record-state.tsx';
import { XeroRecordStatusLine } from '../../../ui/xero/xero-record-status.tsx';
import { useClientInvoice } from '../api/client-invoices/get-client-invoice.ts';
import {
  ClientInvoiceKindBadge,
  ClientInvoiceStatuses,
} from '../components/client-invoices/client-invoice-badges.tsx';
import {
  ClientInvoiceCreditDialog,
  liveLines,
} from '../components/client-invoices/client-invoice-credit-dialog.tsx';
import { ClientInvoiceCredits } from '../components/client-invoices/client-invoice-credits.tsx';
import { ClientInvoiceDetails } from '../components/client-invoices/client-invoice-details.tsx';
import { ClientInvoiceHistory } from '../components/client-invoices/client-invoice-history.tsx';
import { ClientInvoiceLines } from '../components/client-invoices/client-invoice-lines.tsx';
import { ClientInvoiceNote } from '../components/client-invoices/client-invoice-note.tsx';
import { ClientInvoicePdf } from '../components/client-invoices/client-invoice-pdf.tsx';
import { ClientInvoiceSendDialog } from '../components/client-invoices/client-invoice-send-dialog.tsx';
import { CLIENT_INVOICES_PATH } from '../components/client-invoices/client-invoices-filters.ts';
import { PayFromBalanceAction } from '../components/client-invoices/pay-from-balance.tsx';
import { DocumentPayments } from '../components/payments/document-payments.tsx';

/** How the page says it is loading, or why the invoice is not shown. */
const STATE = {
  noun: 'invoice',
  listPath: CLIENT_INVOICES_PATH,
  listLabel: 'Back to the invoices',
  notFoundText: 'The address may be wrong.',
  forbiddenText: 'Only Admins and Accountants see invoices.',
};

/** A record id from the address: a positive whole number, else null (the page says "not found"). */
function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647
    ? Number(raw)
    : null;
}

/**
 * /accounting/client-invoices/:id: an issued invoice or credit note. It never changes but for its
 * sending, what is settled and the team's note; a mistake is corrected by a credit note.
 */
export function ClientInvoicePage() {
  const id = parseId(useParams().id);
  const record = useClientInvoice(id);
  const [dialog, setDialog] = useState<'send' | 'credit' | null>(null);
  const invoice = record.data;
  const reload = () => void record.refetch();

  if (id === null) return <RecordState {...STATE} notFound error={null} onRetry={() => {}} />;
  if (!invoice) return <RecordState {...STATE} error={record.error} onRetry={reload} />;

  const canCredit = invoice.kind === 'invoice' && liveLines(invoice).length > 0;
  return (
    <Stack gap="md">
      <RecordHeader
        listPath={CLIENT_INVOICES_PATH}
        listLabel="Client invoices"
        title={invoice.number}
        badges={
          <>
            <ClientInvoiceKindBadge kind={invoice.kind} />
            <ClientInvoiceStatuses
              sentAt={invoice.sent_at}
              paymentStatus={invoice.payment_status}
              overdue={invoice.overdue}
            />
          </>
        }
        actions={
          <>
            <PayFromBalanceAction invoice={invoice} />
            {canCredit ? (
              <Button variant="default" color="red" onClick={() => setDialog('credit')}>
                Credit note
              </Button>
            ) : null}
            <Button onClick={() => setDialog('send')}>{invoice.sent_at ? 'Send again' : 'Send'}</Button>
          </>
        }
      />
      <XeroRecordStatusLine kind="invoice" id={invoice.id} />
      <ClientInvoiceDetails invoice={invoice} />
      <ClientInvoiceLines invoice={invoice} />
      {invoice.kind === 'invoice' ? <DocumentPayments target="invoice" id={invoice.id} /> : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <ClientInvoiceCredits invoice={invoice} />
            <ClientInvoiceNote invoice={invoice} onReload={reload} />
            <ClientInvoiceHistory invoiceId={invoice.id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ClientInvoicePdf invoice={invoice} />
        </Grid.Col>
      </Grid>
      <ClientInvoiceSendDialog invoice={invoice} opened={dialog === 'send'} onClose={() => setDialog(null)} />
      {invoice.kind === 'invoice' ? (
        <ClientInvoiceCreditDialog
          invoice={invoice}
          opened={dialog === 'credit'}
          onClose={() => setDialog(null)}
          onReload={reload}
        />
      ) : null}
    </Stack>
  );
}

export default ClientInvoicePage;
