import { isAdmin } from '@app/shared/auth/access';
import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { type Region, type RegionBody, RegionBodySchema } from '@app/shared/rates/regions.schemas';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { showServerFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { useRegionList } from '../../../lib/regions/list-regions.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { DataTable } from '../../../ui/list/data-table.tsx';
import { toApiQuery } from '../../../ui/list/list-params.ts';
import { listTableProps } from '../../../ui/list/list-table-props.ts';
import { useLocalListState } from '../../../ui/list/use-list-state.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useCreateRegion } from '../api/create-region.ts';
import { useDeleteRegion } from '../api/delete-region.ts';
import { useCurrencies } from '../api/get-currencies.ts';
import { useUpdateRegion } from '../api/update-region.ts';

type Errors = Partial<Record<keyof RegionBody, string>>;

function RegionFormModal({ region, onClose }: { region: Region | 'new' | null; onClose: () => void }) {
  const editing = region !== null && region !== 'new' ? region : null;
  const currencies = useCurrencies();
  const create = useCreateRegion();
  const update = useUpdateRegion();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [ccy, setCcy] = useState<string>(editing?.ccy ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const busy = create.isPending || update.isPending;
  const codes = currencies.data?.map((c) => c.named) ?? [...RATE_CURRENCIES];

  const save = async () => {
    const parsed = RegionBodySchema.safeParse({ title, ccy: ccy || undefined });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof RegionBody] ??= issue.message;
      setErrors(next);
      return;
    }
    try {
      if (editing) await update.mutateAsync({ id: editing.id, body: parsed.data });
      else await create.mutateAsync(parsed.data);
      toast.success(editing ? 'Region saved' : 'Region created');
      onClose();
    } catch (error) {
      // field messages ('Should be unique') go next to the field, not in a toast; the rest toasts
      const next: Errors = {};
      showServerFieldErrors(error, ['title', 'ccy'], (field, message) => {
        next[field as keyof RegionBody] = message;
      });
      setErrors(next);
    }
  };

  return (
    <Modal opened={region !== null} onClose={onClose} title={editing ? 'Edit region' : 'New region'} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            value={title}
            maxLength={100}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            data-autofocus
          />
          <NativeSelect
            label="Currency"
            required
            data={[{ value: '', label: 'Select' }, ...codes.map((c) => ({ value: c, label: c }))]}
            value={ccy}
            onChange={(e) => setCcy(e.currentTarget.value)}
            error={errors.ccy}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? 'Save' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Regions (offices) and their currency. Everyone signed in may see them; Admin creates, edits and
 * deletes. A region that is still some user's office cannot be deleted: the server says why.
 * The list pages on its own, without the URL, which belongs to the users list above it.
 */
export function RegionsPanel() {
  const user = useCurrentUser();
  const admin = user !== undefined && isAdmin(user);
  const list = useLocalListState();
  const query = useMemo(() => toApiQuery(list.state), [list.state]);
  const regions = useRegionList(query);
  const remove = useDeleteRegion();
  const [editing, setEditing] = useState<Region | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Region | null>(null);

  const columns = useMemo<ColumnDef<Region, unknown>[]>(
    () => [
      { id: 'title', header: 'Title', cell: ({ row }) => <Text fw={500}>{row.original.title}</Text> },
      { id: 'ccy', header: 'Currency', cell: ({ row }) => row.original.ccy },
      ...(admin
        ? [
            {
              id: 'actions',
              header: () => <VisuallyHidden>Actions</VisuallyHidden>,
              cell: ({ row: { original: region } }) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => setEditing(region)}
                    aria-label={`Edit ${region.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red.8"
                    onClick={() => setDeleting(region)}
                    aria-label={`Delete ${region.title}`}
                  >
                    Delete
                  </Button>
                </Group>
              ),
            } satisfies ColumnDef<Region, unknown>,
          ]
        : []),
    ],
    [admin],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`Region ${deleting.title} deleted`);
    } catch {
      // the HTTP layer has shown the reason (for a region in use: which users to move)
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Paper withBorder radius="md">
      <Stack gap={0}>
        <Group justify="space-between" px="md" pt="md" pb="xs">
          <Title order={2} size="h4">
            Regions
          </Title>
          {admin && (
            <Button size="xs" onClick={() => setEditing('new')}>
              Add region
            </Button>
          )}
        </Group>
        <Stack px="md" pb="md">
          <DataTable<Region>
            label="Regions"
            columns={columns}
            getRowId={(region) => String(region.id)}
            emptyText="No regions yet."
            loadingText="Loading regions…"
            errorText="The regions could not be loaded. Reload the page to try again."
            {...listTableProps(list, regions)}
            onRetry={undefined}
          />
        </Stack>
      </Stack>
      {editing !== null && <RegionFormModal region={editing} onClose={() => setEditing(null)} />}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete region" centered>
        <Stack gap="lg">
          <Text>Delete the region {deleting?.title}?</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => setDeleting(null)}
              data-autofocus
              disabled={remove.isPending}
            >
              Cancel
            </Button>
            <Button color="red.8" onClick={() => void confirmDelete()} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
