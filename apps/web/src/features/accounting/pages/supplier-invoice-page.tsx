import { toDecimal } from '@app/shared/rates/rate-math';
import { Button, Grid, Group, Stack, Tooltip } from '@mantine/core';
import { type ReactElement, useState } from 'react';
import { useParams } from 'react-router';
import { DocumentOverdueMark, DocumentPaymentBadge } from '../../../ui/documents/document-status-badges.tsx';
import { RecordHeader } from '../../../ui/record-header/record-header.tsx';
import { RecordState } from '../../../ui/record-header/record-state.tsx';
import { XeroRecordStatusLine } from '../../../ui/xero/xero-record-status.tsx';
import { useBill } from '../api/bills/get-bill.ts';
import { BillDetails } from '../components/bills/bill-details.tsx';
import { BillEditDialog } from '../components/bills/bill-edit-dialog.tsx';
import { BillFilePreview } from '../components/bills/bill-file-preview.tsx';
import { BillHistory } from '../components/bills/bill-history.tsx';
import { BillLinesTable } from '../components/bills/bill-lines-table.tsx';
import { BillReplaceFileDialog } from '../components/bills/bill-replace-file-dialog.tsx';
import { BILLS_PATH } from '../components/bills/bills-filters.ts';
import { DocumentPayments } from '../components/payments/document-payments.tsx';

/** A record id from the address: a positive whole number, else null (the page says "not found"). */
function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647
    ? Number(raw)
    : null;
}

/** How the page says it is loading, or why the bill is not shown. */
const STATE = {
  noun: 'bill',
  listPath: BILLS_PATH,
  listLabel: 'Back to supplier invoices',
  notFoundText: 'There is no supplier invoice at this address. It may have been mistyped.',
  forbiddenText: 'Only Admins and Accountants see supplier invoices.',
};

const SETTLED = 'Payments are matched to this bill: it can no longer change.';

/**
 * /accounting/supplier-invoices/:id: a supplier's invoice as recorded: who, what it bills and for
 * how much against the lines' cost, the file itself (PDF or image, downloadable), Edit and Replace
 * file while nothing is settled, and its history.
 */
export function SupplierInvoicePage() {
  const id = parseId(useParams().id);
  const record = useBill(id);
  const [editing, setEditing] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const bill = record.data;

  if (id === null) return <RecordState {...STATE} notFound error={null} onRetry={() => {}} />;
  if (!bill) return <RecordState {...STATE} error={record.error} onRetry={() => void record.refetch()} />;

  // exact: the amount is a decimal string, never a float
  const settled = toDecimal(bill.settled_amount)?.isZero() === false;
  const guard = (button: ReactElement) =>
    settled ? (
      <Tooltip label={SETTLED} withArrow>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );

  return (
    <Stack gap="md">
      <RecordHeader
        listPath={BILLS_PATH}
        listLabel="Supplier invoices"
        title={`Bill ${bill.number}`}
        badges={
          <Group gap={8}>
            <DocumentPaymentBadge status={bill.payment_status} />
            {bill.overdue ? <DocumentOverdueMark /> : null}
          </Group>
        }
        actions={guard(
          <Button onClick={() => setEditing(true)} disabled={settled}>
            Edit
          </Button>,
        )}
      />
      <XeroRecordStatusLine kind="bill" id={bill.id} />
      <BillDetails bill={bill} />
      <DocumentPayments target="bill" id={bill.id} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <BillFilePreview
            bill={bill}
            actions={guard(
              <Button variant="default" onClick={() => setReplacing(true)} disabled={settled}>
                Replace file
              </Button>,
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <BillLinesTable bill={bill} />
            <BillHistory billId={bill.id} />
          </Stack>
        </Grid.Col>
      </Grid>
      <BillEditDialog bill={bill} opened={editing} onClose={() => setEditing(false)} />
      <BillReplaceFileDialog bill={bill} opened={replacing} onClose={() => setReplacing(false)} />
    </Stack>
  );
}

export default SupplierInvoicePage;
