import { ROLE_LABELS, ROLES } from '@app/shared/auth/roles';
import type { User } from '@app/shared/users/user.schemas';
import {
  Avatar,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { saveListFilters } from '../../../lib/navigation/list-filters.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useRegions } from '../api/list-regions.ts';
import { useUsers } from '../api/list-users.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { formatDateTime } from '../components/format-date-time.ts';
import { UserFormModal } from '../components/user-form-modal.tsx';
import {
  filtersFromParams,
  filtersToParams,
  filtersToQuery,
  USERS_LIST_PATH,
  USERS_PAGE_SIZE,
  type UsersFilters,
} from '../components/users-filters.ts';

/** /users: the Admin's user management. */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const me = useCurrentUser();
  const regions = useRegions();
  const users = useUsers(filtersToQuery(filters));
  const [editing, setEditing] = useState<User | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDeactivate, setToDeactivate] = useState<User | null>(null);
  const [searchText, setSearchText] = useState(filters.search);
  const [debouncedSearch] = useDebouncedValue(searchText, 400);

  const apply = (patch: Partial<UsersFilters>) => {
    const next = filtersToParams({ ...filters, page: 1, ...patch });
    setParams(next, { replace: true });
    saveListFilters(USERS_LIST_PATH, next);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text changes the list
  useEffect(() => {
    if (debouncedSearch.trim() !== filters.search) apply({ search: debouncedSearch });
  }, [debouncedSearch]);

  const total = users.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const rows = users.data?.data ?? [];
  const from = total === 0 ? 0 : (filters.page - 1) * USERS_PAGE_SIZE + 1;
  const to = Math.min(total, filters.page * USERS_PAGE_SIZE);

  const sortBy = (field: 'name' | 'email' | 'role') =>
    apply({ ordering: filters.ordering === field ? `-${field}` : field });
  const sortMark = (field: string) =>
    filters.ordering === field ? ' ▲' : filters.ordering === `-${field}` ? ' ▼' : '';
  const ariaSort = (field: string) =>
    filters.ordering === field ? 'ascending' : filters.ordering === `-${field}` ? 'descending' : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Users
        </Title>
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          New user
        </Button>
      </Group>

      <Paper withBorder p="md" radius="md">
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Search"
            placeholder="Name or email"
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label="Role"
            placeholder="All roles"
            clearable
            data={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
            value={filters.role}
            onChange={(value) => apply({ role: value as UsersFilters['role'] })}
            w={180}
          />
          <Select
            label="Region"
            placeholder="All regions"
            clearable
            data={(regions.data ?? []).map((r) => ({ value: String(r.id), label: r.title }))}
            value={filters.region}
            onChange={(value) => apply({ region: value })}
            w={180}
          />
          <Select
            label="Status"
            placeholder="Active and inactive"
            clearable
            data={[
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
            ]}
            value={filters.status}
            onChange={(value) => apply({ status: value as UsersFilters['status'] })}
            w={200}
          />
        </Group>
      </Paper>

      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={860}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th aria-sort={ariaSort('name')}>
                  <UnstyledButton fw={700} fz="sm" onClick={() => sortBy('name')}>
                    Name{sortMark('name')}
                  </UnstyledButton>
                </Table.Th>
                <Table.Th aria-sort={ariaSort('email')}>
                  <UnstyledButton fw={700} fz="sm" onClick={() => sortBy('email')}>
                    Email{sortMark('email')}
                  </UnstyledButton>
                </Table.Th>
                <Table.Th aria-sort={ariaSort('role')}>
                  <UnstyledButton fw={700} fz="sm" onClick={() => sortBy('role')}>
                    Role{sortMark('role')}
                  </UnstyledButton>
                </Table.Th>
                <Table.Th>Region</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Last sign-in</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.id} data-testid="user-row">
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar
                        src={user.avatar ?? undefined}
                        name={user.name}
                        size={32}
                        radius="xl"
                        color="blue"
                      />
                      <Text fw={500}>{user.name}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.type === 'admin' ? 'Admin' : ROLE_LABELS[user.role]}</Table.Td>
                  <Table.Td>{user.region?.title ?? '—'}</Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.last_login_at)}</Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                </Table.Tr>
              ))}
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c={users.isError ? 'red.8' : 'dimmed'} ta="center" py="lg">
                      {users.isPending
                        ? 'Loading users…'
                        : users.isError
                          ? 'The users could not be loaded. Reload the page to try again.'
                          : 'No users match these filters.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {total > 0 ? `${from}–${to} of ${total}` : ''}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={Math.min(filters.page, pages)}
            onChange={(page) => apply({ page })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        ) : null}
      </Group>

      <UserFormModal opened={formOpen} user={editing} onClose={() => setFormOpen(false)} />
      <DeactivateModal user={toDeactivate} onClose={() => setToDeactivate(null)} />
    </Stack>
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
