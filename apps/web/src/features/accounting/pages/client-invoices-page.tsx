import type { InvoiceListItem } from '@app/shared/accounting/invoices.schemas';
import { Button } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListPage } from '../../../ui/list/list-page.tsx';
import { useListState } from '../../../ui/list/use-list-state.ts';
import { useClientInvoices } from '../api/client-invoices/list-client-invoices.ts';
import { CLIENT_INVOICE_COLUMNS } from '../components/client-invoices/client-invoice-columns.tsx';
import { ClientInvoiceFilters } from '../components/client-invoices/client-invoice-filters.tsx';
import {
  CLIENT_INVOICES_LIST,
  CLIENT_INVOICES_PATH,
  clientInvoicesQuery,
} from '../components/client-invoices/client-invoices-filters.ts';
import { NewClientInvoiceDialog } from '../components/client-invoices/new-invoice/new-client-invoice-dialog.tsx';

const ID = /^[1-9]\d{0,9}$/;

/**
 * /accounting/client-invoices: invoices and credit notes, filtered, sorted and paged on the
 * server, and "New invoice". `?new=1&request={id}` opens the dialog on that request (the request
 * page links here).
 */
export function ClientInvoicesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const list = useListState(CLIENT_INVOICES_LIST);
  const query = useMemo(() => clientInvoicesQuery(list.state), [list.state]);
  const invoices = useClientInvoices(query);

  const creating = params.get('new') === '1';
  const rawRequest = params.get('request') ?? '';
  const startRequest = ID.test(rawRequest) && Number(rawRequest) <= 2147483647 ? Number(rawRequest) : null;
  const setCreating = (open: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('request');
        if (open) next.set('new', '1');
        else next.delete('new');
        return next;
      },
      { replace: true },
    );

  return (
    <ListPage<InvoiceListItem>
      title="Client invoices"
      list={list}
      result={invoices}
      columns={CLIENT_INVOICE_COLUMNS}
      search={{ placeholder: 'Number, client or request', width: 260 }}
      filters={<ClientInvoiceFilters list={list} />}
      actions={<Button onClick={() => setCreating(true)}>New invoice</Button>}
      emptyText="No invoices match these filters."
      loadingText="Loading invoices…"
      onRowClick={(row) => void navigate(`${CLIENT_INVOICES_PATH}/${row.id}`)}
      rowProps={(row) => ({ 'data-overdue': row.overdue ? 'true' : undefined })}
      minWidth={1180}
    >
      <NewClientInvoiceDialog
        opened={creating}
        requestId={creating ? startRequest : null}
        onClose={() => setCreating(false)}
      />
    </ListPage>
  );
}

export default ClientInvoicesPage;
