import type { DeadlineListItem } from '@app/shared/requests/requests.schemas';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { todayIso } from '../../../ui/dates/date-format.ts';
import { DataTable } from '../../../ui/list/data-table.tsx';
import { ListPageLayout } from '../../../ui/list/list-page-layout.tsx';
import { listTableProps } from '../../../ui/list/list-table-props.ts';
import { useListState } from '../../../ui/list/use-list-state.ts';
import { useDeadlines } from '../api/list-deadlines.ts';
import { deadlineColumns } from '../components/deadlines/deadline-columns.tsx';
import { DeadlineFilters } from '../components/deadlines/deadline-filters.tsx';
import {
  DEADLINES_LIST,
  deadlinesQuery,
  deadlineUrgency,
} from '../components/deadlines/deadlines-filters.ts';

/**
 * /requests/deadlines: the deadline payments of every live request (issue 9), overdue and due
 * within 7 days by default, filtered by office and manager, sorted by due date or amount on the
 * server; the filters live in the URL and come back through the navigation helper. There is no
 * free-text search: `GET deadlines/` has none.
 */
export function DeadlinesPage() {
  const navigate = useNavigate();
  const list = useListState(DEADLINES_LIST);
  const today = todayIso();
  const query = useMemo(() => deadlinesQuery(list.state, today), [list.state, today]);
  const deadlines = useDeadlines(query);
  const columns = useMemo(() => deadlineColumns(today), [today]);
  const table = listTableProps(list, deadlines);

  return (
    <ListPageLayout
      title="Deadline payments"
      filters={<DeadlineFilters list={list} />}
      filtered={list.filtered}
      onReset={list.reset}
    >
      <DataTable<DeadlineListItem>
        label="Deadline payments"
        columns={columns}
        getRowId={(row) => String(row.id)}
        emptyText={
          list.filtered
            ? 'No deadline payments match these filters.'
            : 'Nothing overdue or due within 7 days.'
        }
        loadingText="Loading deadline payments…"
        onRowClick={(row) => void navigate(`/requests/${row.request.id}`)}
        rowProps={(row) => ({ 'data-urgency': deadlineUrgency(row, today) ?? undefined })}
        minWidth={1100}
        {...table}
      />
    </ListPageLayout>
  );
}

export default DeadlinesPage;
