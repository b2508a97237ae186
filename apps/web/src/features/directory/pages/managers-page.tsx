import type { Manager } from '@app/shared/directory/index';
import { MANAGER_ROLES } from '@app/shared/directory/index';
import { Badge, Box, Button, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { Picker } from '../../../ui/picker/picker.tsx';
import { Select } from '../../../ui/select/select.tsx';
import { exportRecords } from '../api/export-records.ts';
import { DataTable } from '../components/list/data-table.tsx';
import { ExportMenu } from '../components/list/export-menu.tsx';
import { idFilter, multiFilter, singleFilter } from '../components/list/filter-bindings.ts';
import classes from '../components/list/list-page.module.css';
import { ListPageLayout } from '../components/list/list-page-layout.tsx';
import { toExportQuery } from '../components/list/list-params.ts';
import { ListSearchInput } from '../components/list/list-search-input.tsx';
import { listTableProps } from '../components/list/list-table-props.ts';
import { useDirectoryList } from '../components/list/use-directory-list.ts';
import { MANAGERS_PATH } from './paths.ts';

const ROLE_LABEL: Record<string, string> = { FO: 'Frontend (FO)', BO: 'Backend (BO)' };

const COLUMNS: ColumnDef<Manager, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <Text fw={500} size="sm">
        {row.original.name}
      </Text>
    ),
  },
  { id: 'email', header: 'Email', enableSorting: true, cell: ({ row }) => row.original.email },
  {
    id: 'role',
    header: 'Role',
    enableSorting: true,
    cell: ({ row }) => (
      <Badge variant="light" radius="sm" tt="none" color={row.original.role === 'FO' ? 'blue' : 'grape'}>
        {ROLE_LABEL[row.original.role] ?? row.original.role}
      </Badge>
    ),
  },
  {
    id: 'office',
    header: 'Office',
    enableSorting: true,
    cell: ({ row }) => row.original.office?.title ?? '',
  },
  {
    id: 'clients_count',
    header: 'Clients',
    meta: { align: 'right' },
    cell: ({ row }) => row.original.clients_count,
  },
  {
    id: 'is_active',
    header: 'Status',
    cell: ({ row }) =>
      row.original.is_active ? (
        <Badge variant="light" color="green" radius="sm" tt="none">
          Active
        </Badge>
      ) : (
        <Badge variant="outline" color="gray" radius="sm" tt="none">
          Deactivated
        </Badge>
      ),
  },
];

const FILTER_KEYS = ['role', 'office', 'is_active'] as const;
const STATUS_OPTIONS = [
  { value: 'false', named: 'Deactivated' },
  { value: 'all', named: 'Active and deactivated' },
];

/** Admin only (spec 6): the FO and BO users with their office. Accounts themselves are edited in Users. */
export function ManagersPage() {
  const directory = useDirectoryList('managers', {
    listPath: MANAGERS_PATH,
    filterKeys: FILTER_KEYS,
    defaultOrdering: 'name',
  });
  const { list } = directory;

  return (
    <ListPageLayout
      title="Managers"
      actions={
        <>
          <ExportMenu onExport={(format) => exportRecords('managers', format, toExportQuery(list.state))} />
          <Button component={Link} to="/users" variant="default">
            Manage user accounts
          </Button>
        </>
      }
      filters={
        <>
          <Box w={{ base: '100%', sm: 240 }}>
            <ListSearchInput
              value={list.state.search}
              onChange={list.setSearch}
              placeholder="Name or email"
            />
          </Box>
          <Box w={{ base: '100%', sm: 200 }}>
            <Select
              multiple
              label="Role"
              data={MANAGER_ROLES.map((r) => ({ value: r, named: ROLE_LABEL[r] ?? r }))}
              placeholder="FO and BO"
              {...multiFilter(list, 'role')}
            />
          </Box>
          <Box w={{ base: '100%', sm: 180 }}>
            <Picker
              label="Office"
              object="region"
              displayField="title"
              placeholder="Any office"
              {...idFilter(list, 'office')}
            />
          </Box>
          <Box w={{ base: '100%', sm: 220 }}>
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              placeholder="Active"
              {...singleFilter(list, 'is_active')}
            />
          </Box>
        </>
      }
      filtered={list.filtered}
      onReset={list.reset}
    >
      <DataTable
        label="Managers"
        columns={COLUMNS}
        getRowId={(m) => String(m.id)}
        emptyText="No managers found"
        rowProps={(m) => ({ className: m.is_active ? undefined : classes.archived })}
        {...listTableProps(directory)}
      />
    </ListPageLayout>
  );
}

export default ManagersPage;
