import { Alert, Button, Center, Grid, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { type ReactElement, useState } from 'react';
import { Link, useParams } from 'react-router';
import { isHttpError } from '../../../lib/http/http-error.ts';
import { RecordHeader } from '../../../ui/record-header/record-header.tsx';
import { useBill } from '../api/bills/get-bill.ts';
import { BillDetails } from '../components/bills/bill-details.tsx';
import { BillEditDialog } from '../components/bills/bill-edit-dialog.tsx';
import { BillFilePreview } from '../components/bills/bill-file-preview.tsx';
import { BillHistory } from '../components/bills/bill-history.tsx';
import { BillLinesTable } from '../components/bills/bill-lines-table.tsx';
import { BillReplaceFileDialog } from '../components/bills/bill-replace-file-dialog.tsx';
import { BILLS_PATH } from '../components/bills/bills-filters.ts';
import { DocumentOverdueMark, DocumentPaymentBadge } from '../components/common/document-status-badges.tsx';

/** A record id from the address: a positive whole number, else null (the page says "not found"). */
function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647
    ? Number(raw)
    : null;
}

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

  if (id === null || (record.error && isHttpError(record.error) && record.error.status === 404))
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="gray" title="Bill not found" role="alert">
          There is no supplier invoice at this address. It may have been mistyped.
        </Alert>
        <Button component={Link} to={BILLS_PATH} variant="default">
          Back to supplier invoices
        </Button>
      </Stack>
    );
  if (!bill)
    return record.error ? (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" title="The bill could not be loaded" role="alert">
          Check the connection and try again.
        </Alert>
        <Button variant="default" onClick={() => void record.refetch()}>
          Try again
        </Button>
      </Stack>
    ) : (
      <Center h={200}>
        <Group gap="xs">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">Loading the bill…</Text>
        </Group>
      </Center>
    );

  const settled = Number(bill.settled_amount) !== 0;
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
      <BillDetails bill={bill} />
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
