import { ACCOUNTING_ACCESS } from '@app/shared/accounting/accounting.access';
import { canAccess } from '@app/shared/auth/access';
import { Alert, Badge, Grid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '../../../lib/format/format-date.ts';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { todayIso } from '../../../ui/dates/date-format.ts';
import { RecordFolderPanel } from '../../../ui/documents/record-folder-panel.tsx';
import { RecordMailPanel } from '../../../ui/mail/record-mail-panel.tsx';
import { RecordHeader } from '../../../ui/record-header/record-header.tsx';
import { RecordState } from '../../../ui/record-header/record-state.tsx';
import { RecordTasksPanel } from '../../../ui/tasks/record-tasks-panel.tsx';
import { useRequest } from '../api/get-request.ts';
import { DeadlineAlert } from '../components/request/deadline-alert.tsx';
import { InvoicesPanel } from '../components/request/invoices-panel.tsx';
import { LinesPanel } from '../components/request/lines-panel.tsx';
import { LogPanel } from '../components/request/log-panel.tsx';
import { OffersPanel } from '../components/request/offers-panel.tsx';
import { RequestActions } from '../components/request/request-actions.tsx';
import { RequestDetails } from '../components/request/request-details.tsx';
import { RequestEditModal } from '../components/request/request-edit-modal.tsx';
import { requestAbilities } from '../components/request/request-permissions.ts';
import { REQUESTS_PATH } from '../components/request/requests-path.ts';
import { RequestStatusBadge } from '../components/request/status-badge.tsx';

/** How the page says it is loading, or why the request is not shown. */
const STATE = {
  noun: 'request',
  listPath: REQUESTS_PATH,
  listLabel: 'Back to the requests',
  notFoundText: 'It may have been deleted, or the address is wrong.',
  forbiddenText: 'Your role does not give access to it. Ask an Admin if you need it.',
};

/** A record id from the address: a positive whole number, else null (the page says "not found"). */
function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647
    ? Number(raw)
    : null;
}

/**
 * /requests/:id: where FO and BO spend their day. The header (client, managers, office, status),
 * the service lines with their money and deadline payments, the hotel offers, and the hand-over to
 * accounting (LOG) with its history.
 */
export function RequestPage() {
  const id = parseId(useParams().id);
  const user = useSignedInUser();
  const record = useRequest(id);
  const [editing, setEditing] = useState(false);
  const request = record.data;
  const reload = () => void record.refetch();

  if (id === null) return <RecordState {...STATE} notFound error={null} onRetry={() => {}} />;
  if (!request) return <RecordState {...STATE} error={record.error} onRetry={reload} />;

  const abilities = requestAbilities(user, request);
  const today = todayIso();
  return (
    <Stack gap="md">
      <RecordHeader
        listPath={REQUESTS_PATH}
        listLabel="Requests"
        title={request.number}
        badges={
          <>
            <RequestStatusBadge status={request.status} />
            {request.kind === 'accounting' ? (
              <Badge variant="outline" color="grape" radius="sm" tt="none">
                Accounting
              </Badge>
            ) : null}
          </>
        }
        actions={
          abilities.edit ? (
            <RequestActions request={request} onEdit={() => setEditing(true)} onReload={reload} />
          ) : null
        }
      />
      {request.canceled_at ? (
        <Alert color="gray" title="Canceled" role="note">
          This request was canceled on {formatDateTime(request.canceled_at)} and takes no more changes.
        </Alert>
      ) : null}
      <DeadlineAlert request={request} today={today} />
      <RequestDetails request={request} />
      <LinesPanel request={request} abilities={abilities} today={today} onReload={reload} />
      <RecordTasksPanel request={{ id: request.id, number: request.number }} />
      <RecordMailPanel request={{ id: request.id, number: request.number }} />
      <RecordFolderPanel request={{ id: request.id, number: request.number }} />
      {canAccess(user, ACCOUNTING_ACCESS) ? <InvoicesPanel request={request} /> : null}
      <Grid gap="md">
        {request.kind === 'service' ? (
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <OffersPanel request={request} canWrite={abilities.offers} />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, lg: request.kind === 'service' ? 5 : 12 }}>
          <LogPanel request={request} abilities={abilities} />
        </Grid.Col>
      </Grid>
      {abilities.edit ? (
        <RequestEditModal
          request={request}
          opened={editing}
          onClose={() => setEditing(false)}
          onReload={reload}
        />
      ) : null}
    </Stack>
  );
}

export default RequestPage;
