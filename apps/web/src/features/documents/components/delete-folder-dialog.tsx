import type { DocumentFolderDetail } from '@app/shared/documents/documents.schemas';
import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useDeleteFolder } from '../../../lib/documents/delete-folder.ts';
import { errorDetail, isHttpError } from '../../../lib/http/http-error.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog.tsx';
import { toast } from '../../../ui/toasts/toast-store.ts';

/** The code of the server's 409 when the folder holds files and `confirm` was not sent. */
export const FOLDER_NOT_EMPTY = 'folder_not_empty';

/** The 409's sentence ("This folder holds 3 files…") when that is why the delete was refused. */
export function notEmptyDetail(error: unknown): string | null {
  if (!isHttpError(error) || error.status !== 409) return null;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  const first = Array.isArray(errors)
    ? (errors[0] as { code?: string; detail?: string } | undefined)
    : undefined;
  return first?.code === FOLDER_NOT_EMPTY && first.detail ? first.detail : null;
}

/**
 * Deleting a folder: asked once; when the server answers that it holds files, the dialog says how
 * many (the server's words) and asks again, then deletes with confirm=true.
 */
export function DeleteFolderDialog({
  folder: target,
  onClose,
  onDeleted,
}: {
  folder: DocumentFolderDetail | null;
  onClose: () => void;
  onDeleted: (folder: DocumentFolderDetail) => void;
}) {
  const remove = useDeleteFolder();
  const [holds, setHolds] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const last = useRef(target);
  if (target) last.current = target;
  const folder = target ?? last.current;

  useEffect(() => {
    if (target) {
      setHolds(null);
      setRefusal(null);
    }
  }, [target]);

  const confirm = () => {
    if (!folder) return;
    remove.mutate(
      { id: folder.id, confirm: holds !== null },
      {
        onSuccess: () => {
          toast.success(`The folder “${folder.name}” was deleted.`);
          onDeleted(folder);
          onClose();
        },
        onError: (error) => {
          const detail = notEmptyDetail(error);
          if (detail && holds === null) {
            setHolds(detail);
            return;
          }
          setRefusal(
            isHttpError(error) && error.status === 403
              ? 'Deleting folders needs the permission to delete folders. Ask an Admin.'
              : isHttpError(error) && error.status === 404
                ? 'This folder no longer exists: someone deleted it already.'
                : (errorDetail(error) ?? 'The folder could not be deleted. Try again.'),
          );
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      title="Delete folder"
      confirmLabel={holds ? 'Delete the folder and its files' : 'Delete folder'}
      busy={remove.isPending}
      refusal={refusal}
      onConfirm={confirm}
      onCancel={onClose}
    >
      {holds ? (
        <Text role="alert" data-testid="folder-holds">
          <strong>{folder?.name}</strong>: {holds} This cannot be undone.
        </Text>
      ) : (
        <Text>
          Delete the folder <strong>{folder?.name}</strong> and its subfolders? This cannot be undone.
        </Text>
      )}
    </ConfirmDialog>
  );
}
