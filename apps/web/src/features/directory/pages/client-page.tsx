import { canAccess } from '@app/shared';
import { ACCOUNTING_ACCESS } from '@app/shared/accounting/accounting.access';
import { DIRECTORY_ACCESS, isBlacklisted } from '@app/shared/directory/index';
import { Alert, Button, Grid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { RecordFolderPanel } from '../../../ui/documents/record-folder-panel.tsx';
import { RecordMailPanel } from '../../../ui/mail/record-mail-panel.tsx';
import { RecordHeader } from '../../../ui/record-header/record-header.tsx';
import { RecordState } from '../../../ui/record-header/record-state.tsx';
import { RecordTasksPanel } from '../../../ui/tasks/record-tasks-panel.tsx';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { XeroRecordStatusLine } from '../../../ui/xero/xero-record-status.tsx';
import { useRecord } from '../api/get-record.ts';
import { useUpdateRecord } from '../api/update-record.ts';
import { ClientBalanceCard } from '../components/clients/client-balance-card.tsx';
import { ClientDetails } from '../components/clients/client-details.tsx';
import { ClientForm } from '../components/clients/client-form.tsx';
import { CLIENT_FIELD_LABELS, CLIENT_VALUE_LABELS } from '../components/clients/client-labels.ts';
import { ArchiveAction } from '../components/common/archive-action.tsx';
import { ArchivedBadge, RatingBadge } from '../components/common/rating-badge.tsx';
import { HistoryPanel } from '../components/history/history-panel.tsx';
import { parseId } from './parse-id.ts';
import { CLIENTS_PATH } from './paths.ts';

/** /directory/clients/:id: the client, editable in place, with its change history. */
export function ClientPage() {
  const id = parseId(useParams().id);
  const user = useSignedInUser();
  const record = useRecord('clients', id);
  const update = useUpdateRecord('clients', id ?? 0);
  const [editing, setEditing] = useState(false);
  const client = record.data;

  if (id === null)
    return <RecordState notFound error={null} noun="client" listPath={CLIENTS_PATH} onRetry={() => {}} />;
  if (!client) {
    return (
      <RecordState
        error={record.error}
        noun="client"
        listPath={CLIENTS_PATH}
        onRetry={() => void record.refetch()}
      />
    );
  }

  const canWrite = canAccess(user, DIRECTORY_ACCESS.writeClientsSuppliers);
  const blacklisted = isBlacklisted(client);

  return (
    <Stack gap="md">
      <RecordHeader
        listPath={CLIENTS_PATH}
        listLabel="Clients"
        title={client.named}
        badges={
          <>
            <RatingBadge rating={client.rating} />
            <ArchivedBadge archived={client.archived} />
          </>
        }
        actions={
          canWrite && !editing ? (
            <>
              <ArchiveAction
                area="clients"
                id={client.id}
                archived={client.archived}
                name={client.named}
                noun="client"
              />
              {client.archived ? null : <Button onClick={() => setEditing(true)}>Edit</Button>}
            </>
          ) : null
        }
      />
      <XeroRecordStatusLine kind="client" id={client.id} />
      {blacklisted ? (
        <Alert
          color="red"
          variant="filled"
          title="Blacklisted client"
          role="note"
          data-testid="blacklisted-alert"
        >
          This client is blacklisted and cannot get a new request. Check with a manager before doing any work
          for them.
        </Alert>
      ) : null}
      {client.archived ? (
        <Alert color="gray" title="Archived">
          This client is archived: they are not offered in pickers. Restore them to edit or use them again.
        </Alert>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            {editing ? (
              <ClientForm
                key={client.version}
                client={client}
                submitLabel="Save changes"
                onCancel={() => setEditing(false)}
                onReload={() => void record.refetch()}
                onSubmit={async (values) => {
                  await update.mutateAsync({ ...values, version: client.version });
                  toast.success('Changes saved.');
                  setEditing(false);
                }}
              />
            ) : (
              <ClientDetails client={client} />
            )}
            {/* the deposit is accounting's: other roles would be refused it */}
            {canAccess(user, ACCOUNTING_ACCESS) ? <ClientBalanceCard clientId={client.id} /> : null}
            <RecordTasksPanel client={{ id: client.id, name: client.named }} />
            <RecordMailPanel client={{ id: client.id, name: client.named }} />
            <RecordFolderPanel client={{ id: client.id, name: client.named }} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <HistoryPanel
            entity="client"
            entityId={client.id}
            fieldLabels={CLIENT_FIELD_LABELS}
            valueLabels={CLIENT_VALUE_LABELS}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export default ClientPage;
