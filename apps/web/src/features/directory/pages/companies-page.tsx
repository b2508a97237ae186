import { canAccess, RATE_CURRENCIES } from '@app/shared';
import { type Company, DIRECTORY_ACCESS } from '@app/shared/directory/index';
import { Box, Button, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { Select } from '../../../ui/select/select.tsx';
import { exportRecords } from '../api/export-records.ts';
import { CatalogDrawer } from '../components/catalog/catalog-drawer.tsx';
import {
  CompanyForm,
  companyUpdate,
  COMPANY_FIELD_LABELS as L,
} from '../components/catalog/company-form.tsx';
import { DetailsGrid } from '../components/common/details-grid.tsx';
import { ArchivedBadge } from '../components/common/rating-badge.tsx';
import { DataTable } from '../components/list/data-table.tsx';
import { ExportMenu } from '../components/list/export-menu.tsx';
import { ARCHIVED_OPTIONS, multiFilter, singleFilter } from '../components/list/filter-bindings.ts';
import classes from '../components/list/list-page.module.css';
import { ListPageLayout } from '../components/list/list-page-layout.tsx';
import { toExportQuery } from '../components/list/list-params.ts';
import { ListSearchInput } from '../components/list/list-search-input.tsx';
import { listTableProps } from '../components/list/list-table-props.ts';
import { useDirectoryList } from '../components/list/use-directory-list.ts';
import { COMPANIES_PATH } from './paths.ts';

const COLUMNS: ColumnDef<Company, unknown>[] = [
  {
    id: 'code',
    header: 'Code',
    enableSorting: true,
    cell: ({ row }) => (
      <Group gap={6} wrap="nowrap">
        <Text fw={600} size="sm">
          {row.original.code}
        </Text>
        <ArchivedBadge archived={row.original.archived} />
      </Group>
    ),
  },
  { id: 'name', header: 'Legal name', enableSorting: true, cell: ({ row }) => row.original.name },
  { id: 'vat_number', header: 'VAT number', cell: ({ row }) => row.original.vat_number ?? '' },
  { id: 'base_currency', header: 'Base currency', cell: ({ row }) => row.original.base_currency },
  { id: 'invoice_prefix', header: 'Invoice prefix', cell: ({ row }) => row.original.invoice_prefix ?? '' },
];

const FILTER_KEYS = ['base_currency', 'archived'] as const;

/** The group's legal entities; only holders of CAN_EDIT_COMPANIES change them. */
export function CompaniesPage() {
  const user = useSignedInUser();
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const directory = useDirectoryList('companies', {
    listPath: COMPANIES_PATH,
    filterKeys: FILTER_KEYS,
    defaultOrdering: 'code',
  });
  const { list } = directory;
  const canWrite = canAccess(user, DIRECTORY_ACCESS.writeCompanies);

  return (
    <ListPageLayout
      title="Companies"
      actions={
        <>
          <ExportMenu onExport={(format) => exportRecords('companies', format, toExportQuery(list.state))} />
          {canWrite ? <Button onClick={() => setOpen('new')}>New company</Button> : null}
        </>
      }
      filters={
        <>
          <Box w={{ base: '100%', sm: 240 }}>
            <ListSearchInput
              value={list.state.search}
              onChange={list.setSearch}
              placeholder="Code, name, VAT number"
            />
          </Box>
          <Box w={{ base: '100%', sm: 180 }}>
            <Select
              multiple
              label="Base currency"
              data={RATE_CURRENCIES}
              placeholder="Any"
              {...multiFilter(list, 'base_currency')}
            />
          </Box>
          <Box w={{ base: '100%', sm: 200 }}>
            <Select
              label="Archived"
              data={ARCHIVED_OPTIONS}
              placeholder="Hide archived"
              {...singleFilter(list, 'archived')}
            />
          </Box>
        </>
      }
      filtered={list.filtered}
      onReset={list.reset}
    >
      <DataTable
        label="Companies"
        columns={COLUMNS}
        getRowId={(c) => String(c.id)}
        emptyText="No companies found"
        onRowClick={(c) => setOpen(c.id)}
        rowProps={(c) => ({ className: c.archived ? classes.archived : undefined })}
        {...listTableProps(directory)}
      />
      <CatalogDrawer
        area="companies"
        open={open}
        onClose={() => setOpen(null)}
        noun="company"
        canWrite={canWrite}
        nameOf={(c) => `${c.code}: ${c.name}`}
        fieldLabels={L}
        toUpdate={companyUpdate}
        renderForm={(props) => <CompanyForm {...props} />}
        renderDetails={(c) => (
          <DetailsGrid
            cols={2}
            items={[
              { label: L.code, value: c.code },
              { label: L.name, value: c.name },
              { label: L.vat_number, value: c.vat_number },
              { label: L.registration_number, value: c.registration_number },
              { label: L.base_currency, value: c.base_currency },
              { label: L.invoice_prefix, value: c.invoice_prefix },
              { label: L.address, value: c.address, wide: true },
            ]}
          />
        )}
      />
    </ListPageLayout>
  );
}

export default CompaniesPage;
