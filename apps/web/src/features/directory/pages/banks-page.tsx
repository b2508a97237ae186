import { BANK_TYPES, canAccess, RATE_CURRENCIES } from '@app/shared';
import { type Bank, DIRECTORY_ACCESS } from '@app/shared/directory/index';
import { Badge, Box, Button, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { Picker } from '../../../ui/picker/picker.tsx';
import { Select } from '../../../ui/select/select.tsx';
import { exportRecords } from '../api/export-records.ts';
import { BankForm, bankUpdate, BANK_FIELD_LABELS as L } from '../components/catalog/bank-form.tsx';
import { CatalogDrawer } from '../components/catalog/catalog-drawer.tsx';
import { DetailsGrid } from '../components/common/details-grid.tsx';
import { formatMoney } from '../components/common/format-money.ts';
import { ArchivedBadge } from '../components/common/rating-badge.tsx';
import { DataTable } from '../components/list/data-table.tsx';
import { ExportMenu } from '../components/list/export-menu.tsx';
import { ARCHIVED_OPTIONS, idFilter, multiFilter, singleFilter } from '../components/list/filter-bindings.ts';
import classes from '../components/list/list-page.module.css';
import { ListPageLayout } from '../components/list/list-page-layout.tsx';
import { toExportQuery } from '../components/list/list-params.ts';
import { ListSearchInput } from '../components/list/list-search-input.tsx';
import { listTableProps } from '../components/list/list-table-props.ts';
import { useDirectoryList } from '../components/list/use-directory-list.ts';
import { BANKS_PATH } from './paths.ts';

const COLUMNS: ColumnDef<Bank, unknown>[] = [
  {
    id: 'name',
    header: 'Bank',
    enableSorting: true,
    cell: ({ row }) => (
      <Group gap={6} wrap="nowrap">
        <div>
          <Text fw={500} size="sm">
            {row.original.bank_name}
          </Text>
          {row.original.account_name ? (
            <Text size="xs" c="dimmed">
              {row.original.account_name}
            </Text>
          ) : null}
        </div>
        <ArchivedBadge archived={row.original.archived} />
      </Group>
    ),
  },
  { id: 'company', header: 'Company', enableSorting: true, cell: ({ row }) => row.original.company.code },
  {
    id: 'account_number',
    header: 'Account number',
    cell: ({ row }) => (
      <Text size="sm" ff="monospace">
        {row.original.account_number}
      </Text>
    ),
  },
  { id: 'currency', header: 'Currency', enableSorting: true, cell: ({ row }) => row.original.currency },
  {
    id: 'type',
    header: 'Type',
    enableSorting: true,
    cell: ({ row }) => (
      <Badge
        variant="light"
        radius="sm"
        tt="none"
        color={row.original.type === 'Income' ? 'green' : 'orange'}
      >
        {row.original.type}
      </Badge>
    ),
  },
  {
    id: 'opening_balance',
    header: 'Opening balance',
    meta: { align: 'right' },
    cell: ({ row }) => (
      <Text size="sm" ff="monospace">
        {formatMoney(row.original.opening_balance, row.original.currency)}
      </Text>
    ),
  },
];

const FILTER_KEYS = ['company', 'currency', 'type', 'archived'] as const;

/** The company's bank accounts, each Income or Outcome, in one currency. */
export function BanksPage() {
  const user = useSignedInUser();
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const directory = useDirectoryList('banks', {
    listPath: BANKS_PATH,
    filterKeys: FILTER_KEYS,
    defaultOrdering: 'name',
  });
  const { list } = directory;
  const canWrite = canAccess(user, DIRECTORY_ACCESS.writeServicesBanks);

  return (
    <ListPageLayout
      title="Banks"
      actions={
        <>
          <ExportMenu onExport={(format) => exportRecords('banks', format, toExportQuery(list.state))} />
          {canWrite ? <Button onClick={() => setOpen('new')}>New bank account</Button> : null}
        </>
      }
      filters={
        <>
          <Box w={{ base: '100%', sm: 240 }}>
            <ListSearchInput
              value={list.state.search}
              onChange={list.setSearch}
              placeholder="Bank, account, SWIFT"
            />
          </Box>
          <Box w={{ base: '100%', sm: 180 }}>
            <Picker
              label="Company"
              object="companies"
              displayField="named"
              placeholder="Any company"
              {...idFilter(list, 'company')}
            />
          </Box>
          <Box w={{ base: '100%', sm: 160 }}>
            <Select
              multiple
              label="Currency"
              data={RATE_CURRENCIES}
              placeholder="Any"
              {...multiFilter(list, 'currency')}
            />
          </Box>
          <Box w={{ base: '100%', sm: 160 }}>
            <Select
              multiple
              label="Type"
              data={BANK_TYPES}
              placeholder="Any"
              {...multiFilter(list, 'type')}
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
        label="Banks"
        columns={COLUMNS}
        getRowId={(b) => String(b.id)}
        emptyText="No bank accounts found"
        onRowClick={(b) => setOpen(b.id)}
        rowProps={(b) => ({ className: b.archived ? classes.archived : undefined })}
        {...listTableProps(directory)}
      />
      <CatalogDrawer
        area="banks"
        open={open}
        onClose={() => setOpen(null)}
        noun="bank account"
        canWrite={canWrite}
        nameOf={(b) => b.named}
        fieldLabels={L}
        toUpdate={bankUpdate}
        renderForm={(props) => <BankForm {...props} />}
        renderDetails={(b) => (
          <DetailsGrid
            cols={2}
            items={[
              { label: L.company, value: `${b.company.code} (${b.company.name})` },
              { label: L.bank_name, value: b.bank_name },
              { label: L.account_name, value: b.account_name },
              { label: L.account_number, value: b.account_number },
              { label: L.swift, value: b.swift },
              { label: L.currency, value: b.currency },
              { label: L.type, value: b.type },
              { label: L.opening_balance, value: formatMoney(b.opening_balance, b.currency) },
              { label: L.notes, value: b.notes, wide: true },
            ]}
          />
        )}
      />
    </ListPageLayout>
  );
}

export default BanksPage;
