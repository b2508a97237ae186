import { ROLE_LABELS, ROLES } from '@app/shared/auth/roles';
import type { User } from '@app/shared/users/user.schemas';
import { Avatar, Badge, Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import { formatDateTime } from '../../../lib/format/format-date.ts';
import { useRegionList } from '../../../lib/regions/list-regions.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { SelectFilter } from '../../../ui/list/list-filters.tsx';
import { ListPage } from '../../../ui/list/list-page.tsx';
import { type ListStateApi, useListState } from '../../../ui/list/use-list-state.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useUsers } from '../api/list-users.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { UserFormModal } from '../components/user-form-modal.tsx';
import { USERS_LIST, usersQuery } from '../components/users-filters.ts';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, named: ROLE_LABELS[role] }));
const STATUS_OPTIONS = [
  { value: 'active', named: 'Active' },
  { value: 'inactive', named: 'Inactive' },
];

function UsersFilters({ list }: { list: ListStateApi }) {
  const regions = useRegionList().data?.data ?? [];
  return (
    <>
      <SelectFilter
        list={list}
        name="role"
        width={180}
        label="Role"
        data={ROLE_OPTIONS}
        placeholder="All roles"
      />
      <SelectFilter
        list={list}
        name="region"
        width={180}
        label="Region"
        data={regions.map((r) => ({ value: String(r.id), named: r.title }))}
        placeholder="All regions"
      />
      <SelectFilter
        list={list}
        name="status"
        width={200}
        label="Status"
        data={STATUS_OPTIONS}
        placeholder="Active and inactive"
      />
    </>
  );
}

/** /users: the Admin's user management. */
export function UsersPage() {
  const list = useListState(USERS_LIST);
  const query = useMemo(() => usersQuery(list.state), [list.state]);
  const users = useUsers(query);
  const me = useCurrentUser();
  const [editing, setEditing] = useState<User | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDeactivate, setToDeactivate] = useState<User | null>(null);

  const columns = useMemo<ColumnDef<User, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        enableSorting: true,
        cell: ({ row: { original: user } }) => (
          <Group gap="sm" wrap="nowrap">
            <Avatar src={user.avatar ?? undefined} name={user.name} size={32} radius="xl" color="blue" />
            <Text fw={500}>{user.name}</Text>
          </Group>
        ),
      },
      { id: 'email', header: 'Email', enableSorting: true, cell: ({ row }) => row.original.email },
      {
        id: 'role',
        header: 'Role',
        enableSorting: true,
        cell: ({ row: { original: user } }) => (user.type === 'admin' ? 'Admin' : ROLE_LABELS[user.role]),
      },
      { id: 'region', header: 'Region', cell: ({ row }) => row.original.region?.title ?? '—' },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row: { original: user } }) => (
          <Group gap={4}>
            <Badge color={user.is_active ? 'green.9' : 'gray.7'} variant="filled">
              {user.is_active ? 'Active' : 'Inactive'}
            </Badge>
            {user.temporary_password ? (
              <Badge color="orange.9" variant="filled">
                Temporary password
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        id: 'last_login_at',
        header: 'Last sign-in',
        cell: ({ row }) => (
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.original.last_login_at)}</span>
        ),
      },
      {
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        cell: ({ row: { original: user } }) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Button
              size="xs"
              variant="subtle"
              aria-label={`Edit ${user.name}`}
              onClick={() => {
                setEditing(user);
                setFormOpen(true);
              }}
            >
              Edit
            </Button>
            {user.is_active ? (
              <Button
                size="xs"
                variant="subtle"
                color="red.8"
                disabled={user.id === me?.id}
                aria-label={`Deactivate ${user.name}`}
                onClick={() => setToDeactivate(user)}
              >
                Deactivate
              </Button>
            ) : (
              <ActivateButton user={user} />
            )}
          </Group>
        ),
      },
    ],
    [me?.id],
  );

  return (
    <ListPage<User>
      title="Users"
      list={list}
      result={users}
      columns={columns}
      search={{ placeholder: 'Name or email', type: 'text' }}
      filters={<UsersFilters list={list} />}
      actions={
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          New user
        </Button>
      }
      emptyText="No users match these filters."
      loadingText="Loading users…"
      errorText="The users could not be loaded. Reload the page to try again."
      retry={false}
      rowProps={() => ({ 'data-testid': 'user-row' })}
      minWidth={860}
    >
      <UserFormModal opened={formOpen} user={editing} onClose={() => setFormOpen(false)} />
      <DeactivateModal user={toDeactivate} onClose={() => setToDeactivate(null)} />
    </ListPage>
  );
}

export default UsersPage;

function ActivateButton({ user }: { user: User }) {
  const update = useUpdateUser();
  return (
    <Button
      size="xs"
      variant="subtle"
      loading={update.isPending}
      aria-label={`Activate ${user.name}`}
      onClick={() =>
        update.mutate(
          { id: user.id, body: { version: user.version, is_active: true } },
          { onSuccess: () => toast.success(`${user.name} can sign in again.`) },
        )
      }
    >
      Activate
    </Button>
  );
}

function DeactivateModal({ user: target, onClose }: { user: User | null; onClose: () => void }) {
  const update = useUpdateUser();
  // keeps the name on screen while the modal fades out after `target` is cleared
  const lastTarget = useRef<User | null>(null);
  if (target) lastTarget.current = target;
  const user = target ?? lastTarget.current;
  const confirm = () => {
    if (!user) return;
    update.mutate(
      { id: user.id, body: { version: user.version, is_active: false } },
      {
        onSuccess: () => {
          toast.success(`${user.name} was deactivated.`);
          onClose();
        },
        onError: (error) => {
          if ('status' in error && error.status === 409) {
            toast.warning('This user was changed by someone else. The list is reloaded; try again.');
            onClose();
          }
        },
      },
    );
  };
  return (
    <Modal opened={target !== null} onClose={onClose} title="Deactivate user">
      <Stack gap="md">
        <Text>
          Deactivate <strong>{user?.name}</strong>? They are signed out and can no longer sign in until a user
          manager activates them again.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red.8" loading={update.isPending} onClick={confirm}>
            Deactivate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
