import type { RegisterRow } from '@app/shared/accounting/register.schemas';
import { Button } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../ui/list/data-table.tsx';
import { ExportMenu } from '../../../ui/list/export-menu.tsx';
import { FilterBox } from '../../../ui/list/list-filters.tsx';
import { ListPageLayout } from '../../../ui/list/list-page-layout.tsx';
import { ListSearchInput } from '../../../ui/list/list-search-input.tsx';
import { listTableProps } from '../../../ui/list/list-table-props.ts';
import { useListState } from '../../../ui/list/use-list-state.ts';
import { exportRegister } from '../api/register/export-register.ts';
import { useRegisterTotals } from '../api/register/get-register-totals.ts';
import { useRegister } from '../api/register/list-register.ts';
import { REGISTER_COLUMNS } from '../components/register/register-columns.tsx';
import { RegisterFilterBar } from '../components/register/register-filter-bar.tsx';
import {
  REGISTER_LIST,
  registerExportQuery,
  registerQuery,
  registerTotalsQuery,
} from '../components/register/register-filters.ts';
import { RegisterTotals } from '../components/register/register-totals.tsx';

/**
 * /accounting/invoices-and-bills: client invoices, credit notes and bills in one list, filtered,
 * sorted and paged on the server (the filters live in the URL), with the totals per currency of
 * everything matching in the footer (a separate call, fetched beside the page) and CSV / XLSX
 * export. A row is a document of one kind: an invoice and a bill may share an id, so rows are
 * keyed by both.
 */
export function InvoicesAndBillsPage() {
  const navigate = useNavigate();
  const list = useListState(REGISTER_LIST);
  const query = useMemo(() => registerQuery(list.state), [list.state]);
  const totalsQuery = useMemo(() => registerTotalsQuery(list.state), [list.state]);
  const rows = useRegister(query);
  const totals = useRegisterTotals(totalsQuery);

  return (
    <ListPageLayout
      title="Invoices & Bills"
      actions={
        <>
          {/* the navigation lists Invoices & Bills only (spec 2.2): the two document lists start here */}
          <Button variant="default" component={Link} to="/accounting/client-invoices">
            Client invoices
          </Button>
          <Button variant="default" component={Link} to="/accounting/supplier-invoices">
            Supplier invoices
          </Button>
          <ExportMenu onExport={(format) => exportRegister(format, registerExportQuery(list.state))} />
        </>
      }
      filters={
        <>
          <FilterBox width={250}>
            <ListSearchInput
              value={list.state.search}
              onChange={list.setSearch}
              placeholder="Number, counterparty, request"
            />
          </FilterBox>
          <RegisterFilterBar list={list} />
        </>
      }
      filtered={list.filtered}
      onReset={list.reset}
    >
      <DataTable<RegisterRow>
        label="Invoices & Bills"
        columns={REGISTER_COLUMNS}
        getRowId={(row) => `${row.kind}-${row.id}`}
        emptyText={list.filtered ? 'No documents match these filters.' : 'No invoices or bills yet.'}
        loadingText="Loading invoices and bills…"
        onRowClick={(row) => void navigate(row.url)}
        rowProps={(row) => ({ 'data-overdue': row.overdue ? 'true' : undefined })}
        minWidth={1240}
        {...listTableProps(list, rows)}
      />
      <RegisterTotals
        totals={totals.data}
        loading={totals.isFetching}
        failed={totals.isError && !totals.data}
      />
    </ListPageLayout>
  );
}

export default InvoicesAndBillsPage;
