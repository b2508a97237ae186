import type { DocumentFile } from '@app/shared/documents/documents.schemas';
import { documentNameField } from '@app/shared/documents/documents.schemas';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useDeleteFile } from '../../../lib/documents/delete-file.ts';
import { useUpdateFile } from '../../../lib/documents/update-file.ts';
import { errorDetail, fieldErrors, isHttpError } from '../../../lib/http/http-error.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog.tsx';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { FolderPicker, type PickedFolder } from './folder-picker.tsx';

function saveProblem(error: unknown): { name?: string; folder?: string; form?: string } {
  const fields = fieldErrors(error);
  if (fields.name)
    return {
      name:
        fields.name === 'Should be unique' ? 'A file with this name is already in that folder' : fields.name,
    };
  if (fields.folder) return { folder: fields.folder };
  if (isHttpError(error) && error.status === 404)
    return { form: 'This file no longer exists: someone deleted it.' };
  return { form: errorDetail(error) ?? 'The file could not be saved. Try again.' };
}

/** Rename a file, or move it to another folder (the folder picker). */
export function FileDialog({
  target,
  onClose,
}: {
  target: { kind: 'rename' | 'move'; file: DocumentFile; open: number[] } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.kind === 'move' ? 'Move file' : 'Rename file'}
      size="md"
    >
      {target ? <FileForm key={`${target.kind}-${target.file.id}`} {...target} onClose={onClose} /> : null}
    </Modal>
  );
}

function FileForm({
  kind,
  file,
  open,
  onClose,
}: {
  kind: 'rename' | 'move';
  file: DocumentFile;
  open: number[];
  onClose: () => void;
}) {
  const [name, setName] = useState(file.name);
  const [place, setPlace] = useState<PickedFolder>(null);
  const [errors, setErrors] = useState<{ name?: string; folder?: string; form?: string }>({});
  const update = useUpdateFile();

  const submit = async () => {
    if (kind === 'rename') {
      const checked = documentNameField().safeParse(name.trim());
      if (!checked.success) {
        setErrors({ name: checked.error.issues[0]?.message ?? 'Invalid field value' });
        return;
      }
    } else if (!place) {
      setErrors({ folder: 'Choose the folder to move the file to' });
      return;
    }
    setErrors({});
    try {
      const saved = await update.mutateAsync({
        id: file.id,
        body: kind === 'rename' ? { name: name.trim() } : { folder: place!.id },
      });
      toast.success(
        kind === 'rename'
          ? `The file is now “${saved.name}”.`
          : `“${saved.name}” was moved to “${place!.name}”.`,
      );
      onClose();
    } catch (error) {
      setErrors(saveProblem(error));
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
        {kind === 'rename' ? (
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            maxLength={255}
          />
        ) : (
          <>
            <Text size="sm">
              Move <strong>{file.name}</strong> to:
            </Text>
            <FolderPicker
              label="Folder"
              value={place}
              onChange={setPlace}
              allowTop={false}
              open={open}
              error={errors.folder ?? errors.name}
            />
          </>
        )}
        {errors.form ? (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            {kind === 'rename' ? 'Rename' : 'Move here'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks before deleting a file (it cannot be brought back); a refusal is said inside. */
export function DeleteFileDialog({
  file: target,
  onClose,
}: {
  file: DocumentFile | null;
  onClose: () => void;
}) {
  const remove = useDeleteFile();
  const [refusal, setRefusal] = useState<string | null>(null);
  const last = useRef(target);
  if (target) last.current = target;
  const file = target ?? last.current;
  useEffect(() => {
    if (target) setRefusal(null);
  }, [target]);
  return (
    <ConfirmDialog
      opened={target !== null}
      title="Delete file"
      confirmLabel="Delete file"
      busy={remove.isPending}
      refusal={refusal}
      onConfirm={() => {
        if (!file) return;
        remove.mutate(file.id, {
          onSuccess: () => {
            toast.success(`The file “${file.name}” was deleted.`);
            onClose();
          },
          onError: (error) =>
            setRefusal(
              isHttpError(error) && error.status === 404
                ? 'This file no longer exists: someone deleted it already.'
                : (errorDetail(error) ?? 'The file could not be deleted. Try again.'),
            ),
        });
      }}
      onCancel={onClose}
    >
      <Text>
        Delete the file <strong>{file?.name}</strong>? It cannot be brought back.
      </Text>
    </ConfirmDialog>
  );
}
