import type { BillListItem } from '@app/shared/accounting/bills.schemas';
import { Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListPage } from '../../../../ui/list/list-page.tsx';
import { useListState } from '../../../../ui/list/use-list-state.ts';
import { useBills } from '../../api/bills/list-bills.ts';
import { BILL_COLUMNS } from './bill-columns.tsx';
import { BillFilterBar } from './bill-filter-bar.tsx';
import { BILLS_LIST, BILLS_PATH, billsQuery } from './bills-filters.ts';
import { NewBillDialog } from './new-bill-dialog.tsx';

const ID = /^[1-9]\d{0,9}$/;

/**
 * The Bills tab: supplier invoices, filtered, sorted and paged on the server, and "New bill".
 * `?new=1&request={id}` (a request page's "Record bill") opens the dialog on that request's lines,
 * and a bill recorded from there leads back to the request.
 */
export function BillsTab() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const list = useListState(BILLS_LIST);
  const query = useMemo(() => billsQuery(list.state), [list.state]);
  const bills = useBills(query);
  const [dialog, setDialog] = useState<{ requestId: number | null } | null>(() => {
    if (params.get('new') !== '1') return null;
    const request = params.get('request') ?? '';
    return { requestId: ID.test(request) && Number(request) <= 2147483647 ? Number(request) : null };
  });

  const close = () => {
    setDialog(null);
    if (params.has('new') || params.has('request')) {
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          next.delete('new');
          next.delete('request');
          return next;
        },
        { replace: true },
      );
    }
  };

  return (
    <ListPage<BillListItem>
      title="Bills"
      list={list}
      result={bills}
      columns={BILL_COLUMNS}
      search={{ placeholder: 'Number, supplier, request', width: 240 }}
      filters={<BillFilterBar list={list} />}
      actions={<Button onClick={() => setDialog({ requestId: null })}>New bill</Button>}
      emptyText={list.filtered ? 'No bills match these filters.' : 'No bills recorded yet.'}
      loadingText="Loading bills…"
      onRowClick={(row) => void navigate(`${BILLS_PATH}/${row.id}`)}
      rowProps={(row) => ({ 'data-overdue': row.overdue ? 'true' : undefined })}
      minWidth={1180}
    >
      <NewBillDialog
        opened={dialog !== null}
        requestId={dialog?.requestId ?? null}
        onClose={close}
        // recorded from a request's page: back to that request, where the bill now shows
        onRecorded={() => {
          if (dialog?.requestId) void navigate(`/requests/${dialog.requestId}`);
        }}
      />
    </ListPage>
  );
}
