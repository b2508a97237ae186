import type { DocumentFolder, DocumentFolderDetail } from '@app/shared/documents/documents.schemas';
import { documentNameField } from '@app/shared/documents/documents.schemas';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCreateFolder } from '../../../lib/documents/create-folder.ts';
import { useUpdateFolder } from '../../../lib/documents/update-folder.ts';
import { errorDetail, fieldErrors, isHttpError } from '../../../lib/http/http-error.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { FolderPicker, type PickedFolder } from './folder-picker.tsx';

/** What the dialog does: make a folder (inside `parent`), rename one, or move one. */
export type FolderDialogMode =
  | { kind: 'create'; parent: PickedFolder; open: number[] }
  | { kind: 'rename'; folder: DocumentFolderDetail }
  | { kind: 'move'; folder: DocumentFolderDetail };

const TITLES = { create: 'New folder', rename: 'Rename folder', move: 'Move folder' } as const;

/** New folder, rename or move, with a folder picker for the place; the server's refusals under the fields. */
export function FolderDialog({
  mode,
  onClose,
  onSaved,
}: {
  mode: FolderDialogMode | null;
  onClose: () => void;
  onSaved: (folder: DocumentFolder) => void;
}) {
  return (
    <Modal opened={mode !== null} onClose={onClose} title={mode ? TITLES[mode.kind] : ''} size="md">
      {mode ? (
        <FolderForm key={JSON.stringify(mode)} mode={mode} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
  );
}

function FolderForm({
  mode,
  onClose,
  onSaved,
}: {
  mode: FolderDialogMode;
  onClose: () => void;
  onSaved: (folder: DocumentFolder) => void;
}) {
  const current = mode.kind === 'create' ? null : mode.folder;
  const parentOf = (f: DocumentFolderDetail): PickedFolder => {
    const up = f.path.at(-1);
    return up ? { id: up.id, name: up.name } : null;
  };
  const [name, setName] = useState(current?.name ?? '');
  const [place, setPlace] = useState<PickedFolder>(
    mode.kind === 'create' ? mode.parent : parentOf(mode.folder),
  );
  const [errors, setErrors] = useState<{ name?: string; parent?: string; form?: string }>({});
  const create = useCreateFolder();
  const update = useUpdateFolder();
  const busy = create.isPending || update.isPending;

  const submit = async () => {
    const withName = mode.kind !== 'move';
    if (withName) {
      const checked = documentNameField().safeParse(name.trim());
      if (!checked.success) {
        setErrors({ name: checked.error.issues[0]?.message ?? 'Invalid field value' });
        return;
      }
    }
    setErrors({});
    try {
      const saved =
        mode.kind === 'create'
          ? await create.mutateAsync({ name: name.trim(), parent: place?.id ?? null })
          : await update.mutateAsync({
              id: mode.folder.id,
              body:
                mode.kind === 'rename'
                  ? { name: name.trim(), version: mode.folder.version }
                  : { parent: place?.id ?? null, version: mode.folder.version },
            });
      toast.success(
        mode.kind === 'create'
          ? `The folder “${saved.name}” was made.`
          : mode.kind === 'rename'
            ? `The folder is now “${saved.name}”.`
            : `“${saved.name}” was moved to ${place ? `“${place.name}”` : 'the top level'}.`,
      );
      onSaved(saved);
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.name || fields.parent) {
        setErrors({
          ...(fields.name
            ? {
                name:
                  fields.name === 'Should be unique'
                    ? 'A folder with this name is already there'
                    : fields.name,
              }
            : {}),
          ...(fields.parent ? { parent: fields.parent } : {}),
        });
        return;
      }
      setErrors({
        form:
          isHttpError(error) && error.status === 409
            ? 'Someone changed this folder meanwhile. Close this dialog, and try again on the folder as it is now.'
            : isHttpError(error) && error.status === 404
              ? 'This folder no longer exists: someone deleted it.'
              : (errorDetail(error) ?? 'The folder could not be saved. Try again.'),
      });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        {mode.kind !== 'move' ? (
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={255}
          />
        ) : null}
        {mode.kind !== 'rename' ? (
          <FolderPicker
            label={mode.kind === 'create' ? 'Inside' : 'Move to'}
            value={place}
            onChange={setPlace}
            allowTop
            disabledId={mode.kind === 'move' ? mode.folder.id : undefined}
            open={mode.kind === 'create' ? mode.open : mode.folder.path.map((p) => p.id)}
            error={errors.parent}
          />
        ) : null}
        {errors.form ? (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {mode.kind === 'create' ? 'Make folder' : mode.kind === 'rename' ? 'Rename' : 'Move here'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
