import { canAccess } from '@app/shared';
import { DIRECTORY_ACCESS } from '@app/shared/directory/index';
import { Alert, Button, Grid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { RecordHeader } from '../../../ui/record-header/record-header.tsx';
import { RecordState } from '../../../ui/record-header/record-state.tsx';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { XeroRecordStatusLine } from '../../../ui/xero/xero-record-status.tsx';
import { useRecord } from '../api/get-record.ts';
import { useUpdateRecord } from '../api/update-record.ts';
import { ArchiveAction } from '../components/common/archive-action.tsx';
import { ArchivedBadge } from '../components/common/rating-badge.tsx';
import { HistoryPanel } from '../components/history/history-panel.tsx';
import { SupplierDetails } from '../components/suppliers/supplier-details.tsx';
import { SupplierForm } from '../components/suppliers/supplier-form.tsx';
import { SUPPLIER_FIELD_LABELS } from '../components/suppliers/supplier-labels.ts';
import { parseId } from './parse-id.ts';
import { SUPPLIERS_PATH } from './paths.ts';

/** /directory/suppliers/:id: the supplier, editable in place, with its change history. */
export function SupplierPage() {
  const id = parseId(useParams().id);
  const user = useSignedInUser();
  const record = useRecord('suppliers', id);
  const update = useUpdateRecord('suppliers', id ?? 0);
  const [editing, setEditing] = useState(false);
  const supplier = record.data;

  if (id === null)
    return <RecordState notFound error={null} noun="supplier" listPath={SUPPLIERS_PATH} onRetry={() => {}} />;
  if (!supplier) {
    return (
      <RecordState
        error={record.error}
        noun="supplier"
        listPath={SUPPLIERS_PATH}
        onRetry={() => void record.refetch()}
      />
    );
  }
  const canWrite = canAccess(user, DIRECTORY_ACCESS.writeClientsSuppliers);

  return (
    <Stack gap="md">
      <RecordHeader
        listPath={SUPPLIERS_PATH}
        listLabel="Suppliers"
        title={supplier.name}
        badges={<ArchivedBadge archived={supplier.archived} />}
        actions={
          canWrite && !editing ? (
            <>
              <ArchiveAction
                area="suppliers"
                id={supplier.id}
                archived={supplier.archived}
                name={supplier.name}
                noun="supplier"
              />
              {supplier.archived ? null : <Button onClick={() => setEditing(true)}>Edit</Button>}
            </>
          ) : null
        }
      />
      <XeroRecordStatusLine kind="supplier" id={supplier.id} />
      {supplier.archived ? (
        <Alert color="gray" title="Archived">
          This supplier is archived: it is not offered in pickers. Restore it to edit or use it again.
        </Alert>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {editing ? (
            <SupplierForm
              key={supplier.version}
              supplier={supplier}
              submitLabel="Save changes"
              onCancel={() => setEditing(false)}
              onReload={() => void record.refetch()}
              onSubmit={async (values) => {
                await update.mutateAsync({ ...values, version: supplier.version });
                toast.success('Changes saved.');
                setEditing(false);
              }}
            />
          ) : (
            <SupplierDetails supplier={supplier} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <HistoryPanel entity="supplier" entityId={supplier.id} fieldLabels={SUPPLIER_FIELD_LABELS} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export default SupplierPage;
