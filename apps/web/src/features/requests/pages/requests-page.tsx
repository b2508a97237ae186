import { canAccess } from '@app/shared/auth/access';
import { requestWriteAccess } from '@app/shared/requests/requests.access';
import type { RequestListItem } from '@app/shared/requests/requests.schemas';
import { Button } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { ExportMenu } from '../../../ui/list/export-menu.tsx';
import { ListPage } from '../../../ui/list/list-page.tsx';
import { useListState } from '../../../ui/list/use-list-state.ts';
import { exportRequests } from '../api/export-requests.ts';
import { useRequests } from '../api/list-requests.ts';
import { LineStatusNote } from '../components/list/line-status-note.tsx';
import { REQUEST_COLUMNS } from '../components/list/request-columns.tsx';
import { RequestFilters } from '../components/list/request-filters.tsx';
import {
  lineStatusOf,
  REQUESTS_LIST,
  requestsExportQuery,
  requestsQuery,
} from '../components/list/requests-filters.ts';

/** /requests: every request, filtered, sorted and paged on the server; the filters live in the URL. */
export function RequestsPage() {
  const navigate = useNavigate();
  const user = useSignedInUser();
  // FO, BO and Admin open service requests; an Accountant opens accounting ones
  const create = canAccess(user, requestWriteAccess('service'))
    ? { to: '/requests/create', label: 'New request' }
    : canAccess(user, requestWriteAccess('accounting'))
      ? { to: '/requests/create-accounting', label: 'New accounting request' }
      : null;
  const list = useListState(REQUESTS_LIST);
  const query = useMemo(() => requestsQuery(list.state), [list.state]);
  const requests = useRequests(query);
  const lineStatus = lineStatusOf(list.state);

  return (
    <ListPage<RequestListItem>
      title="Requests"
      list={list}
      result={requests}
      columns={REQUEST_COLUMNS}
      search={{ placeholder: 'Number, client, supplier, hotel', width: 260 }}
      filters={<RequestFilters list={list} />}
      notice={
        lineStatus ? (
          <LineStatusNote status={lineStatus} onShowAll={() => list.setFilter('line_status', null)} />
        ) : null
      }
      actions={
        <>
          <Button component={Link} to="/requests/deadlines" variant="default">
            Deadline payments
          </Button>
          <ExportMenu onExport={(format) => exportRequests(format, requestsExportQuery(list.state))} />
          {create ? (
            <Button component={Link} to={create.to}>
              {create.label}
            </Button>
          ) : null}
        </>
      }
      emptyText="No requests match these filters."
      loadingText="Loading requests…"
      onRowClick={(row) => void navigate(`/requests/${row.id}`)}
      minWidth={1180}
    />
  );
}

export default RequestsPage;
