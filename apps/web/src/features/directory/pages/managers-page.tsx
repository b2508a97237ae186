import type { Manager } from '@app/shared/directory/index';
import { MANAGER_ROLES } from '@app/shared/directory/index';
import { Badge, Button, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { MultiSelectFilter, SelectFilter } from '../../../ui/list/list-filters.tsx';
import { OfficeFilter } from '../components/list/directory-filters.tsx';
import { DirectoryListPage } from '../components/list/directory-list-page.tsx';
import classes from '../components/list/list-page.module.css';
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
  return (
    <DirectoryListPage
      area="managers"
      title="Managers"
      listOptions={{ listPath: MANAGERS_PATH, filterKeys: FILTER_KEYS, defaultOrdering: 'name' }}
      actions={
        <Button component={Link} to="/users" variant="default">
          Manage user accounts
        </Button>
      }
      searchPlaceholder="Name or email"
      filters={(list) => (
        <>
          <MultiSelectFilter
            list={list}
            name="role"
            width={200}
            label="Role"
            data={MANAGER_ROLES.map((r) => ({ value: r, named: ROLE_LABEL[r] ?? r }))}
            placeholder="FO and BO"
          />
          <OfficeFilter list={list} />
          <SelectFilter
            list={list}
            name="is_active"
            width={220}
            label="Status"
            data={STATUS_OPTIONS}
            placeholder="Active"
          />
        </>
      )}
      columns={COLUMNS}
      emptyText="No managers found"
      rowProps={(m) => ({ className: m.is_active ? undefined : classes.archived })}
    />
  );
}

export default ManagersPage;
