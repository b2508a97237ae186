import { Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useCreateRecord } from '../../api/create-record.ts';
import {
  AUDIT_ENTITY,
  type DirectoryTypes,
  directoryKeys,
  type EditableArea,
  type RecordOf,
} from '../../api/directory-areas.ts';
import { useRecord } from '../../api/get-record.ts';
import { useUpdateRecord } from '../../api/update-record.ts';
import { ArchiveAction } from '../common/archive-action.tsx';
import { ArchivedBadge } from '../common/rating-badge.tsx';
import { NestedConfirmContext } from '../confirm-dialog.tsx';
import { HistoryPanel } from '../history/history-panel.tsx';

type Meta = { id: number; version: number; archived: boolean };

export interface CatalogFormProps<A extends EditableArea> {
  record?: RecordOf<A>;
  submitLabel: string;
  onSubmit: (values: DirectoryTypes[A]['create']) => Promise<unknown>;
  onCancel: () => void;
  onReload?: () => void;
}

export interface CatalogDrawerProps<A extends EditableArea> {
  area: A;
  /** A record id, 'new', or null when closed. */
  open: number | 'new' | null;
  onClose: () => void;
  /** A record was just created: the drawer goes on to show it (its id becomes `open`). */
  onCreated: (id: number) => void;
  noun: string;
  canWrite: boolean;
  nameOf: (record: RecordOf<A>) => string;
  renderDetails: (record: RecordOf<A>) => ReactNode;
  renderForm: (props: CatalogFormProps<A>) => ReactNode;
  /** What an update sends, built from the form's values and the loaded record. */
  toUpdate: (values: DirectoryTypes[A]['create'], record: RecordOf<A>) => DirectoryTypes[A]['update'];
  fieldLabels?: Record<string, string>;
}

/**
 * Services, banks and companies have no page of their own (spec 2.1 lists only their lists), so
 * a record opens in a side drawer over the list: details, edit, archive and history.
 */
export function CatalogDrawer<A extends EditableArea>(props: CatalogDrawerProps<A>) {
  const { open, onClose, noun } = props;
  const title = open === 'new' ? `New ${noun}` : `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  // while the archive question is open, Escape answers it and leaves the drawer open
  const [asking, setAsking] = useState(false);
  // the form that had focus is gone once its record is created: focus goes to the record shown
  const [created, setCreated] = useState<number | null>(null);
  const onCreated = (id: number) => {
    setCreated(id);
    props.onCreated(id);
  };
  return (
    <Drawer
      opened={open !== null}
      onClose={() => {
        setCreated(null);
        onClose();
      }}
      closeOnEscape={!asking}
      position="right"
      size="xl"
      title={title}
    >
      <NestedConfirmContext.Provider value={setAsking}>
        {open === 'new' ? <CreateBody {...props} onCreated={onCreated} /> : null}
        {typeof open === 'number' ? (
          <RecordBody key={open} {...props} id={open} focusName={created === open} />
        ) : null}
      </NestedConfirmContext.Provider>
    </Drawer>
  );
}

function CreateBody<A extends EditableArea>(props: CatalogDrawerProps<A>) {
  const create = useCreateRecord(props.area);
  const queryClient = useQueryClient();
  return props.renderForm({
    submitLabel: `Create ${props.noun}`,
    onCancel: props.onClose,
    onSubmit: async (values) => {
      const record = await create.mutateAsync(values);
      toast.success(
        `${props.nameOf(record)} was added.`,
        `${props.noun.charAt(0).toUpperCase()}${props.noun.slice(1)} created`,
      );
      // the drawer stays open on what was saved, as if opened from the list; the answer is
      // already the stored record, so it shows at once while its history loads
      const { id } = record as unknown as Meta;
      queryClient.setQueryData(directoryKeys.detail(props.area, id), record);
      props.onCreated(id);
    },
  });
}

function RecordBody<A extends EditableArea>(
  props: CatalogDrawerProps<A> & { id: number; focusName: boolean },
) {
  const record = useRecord(props.area, props.id);
  const update = useUpdateRecord(props.area, props.id);
  const [editing, setEditing] = useState(false);
  const data = record.data;
  const nameRef = useRef<HTMLParagraphElement>(null);
  const loaded = data !== undefined;
  useEffect(() => {
    if (props.focusName && loaded) nameRef.current?.focus();
  }, [props.focusName, loaded]);

  if (!data) {
    return record.error ? (
      <Text role="alert">This {props.noun} could not be loaded.</Text>
    ) : (
      <Loader aria-label={`Loading the ${props.noun}`} />
    );
  }
  const meta = data as unknown as Meta;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Group gap="xs">
          <Text ref={nameRef} tabIndex={-1} fw={700} size="lg">
            {props.nameOf(data)}
          </Text>
          <ArchivedBadge archived={meta.archived} />
        </Group>
        {props.canWrite && !editing ? (
          <Group gap="sm">
            <ArchiveAction
              area={props.area}
              id={meta.id}
              archived={meta.archived}
              name={props.nameOf(data)}
              noun={props.noun}
            />
            {meta.archived ? null : <Button onClick={() => setEditing(true)}>Edit</Button>}
          </Group>
        ) : null}
      </Group>
      {editing ? (
        // a reload after a stale save brings a new version: the form starts again from it
        <Fragment key={meta.version}>
          {props.renderForm({
            record: data,
            submitLabel: 'Save changes',
            onCancel: () => setEditing(false),
            onReload: () => void record.refetch(),
            onSubmit: async (values) => {
              await update.mutateAsync(props.toUpdate(values, data));
              toast.success('Changes saved.');
              setEditing(false);
            },
          })}
        </Fragment>
      ) : (
        props.renderDetails(data)
      )}
      <HistoryPanel entity={AUDIT_ENTITY[props.area]} entityId={meta.id} fieldLabels={props.fieldLabels} />
    </Stack>
  );
}
