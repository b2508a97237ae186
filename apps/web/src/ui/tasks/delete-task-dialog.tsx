import type { Task } from '@app/shared/tasks/tasks.schemas';
import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { errorDetail, isHttpError } from '../../lib/http/http-error.ts';
import { useDeleteTask } from '../../lib/tasks/delete-task.ts';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';
import { toast } from '../toasts/toast-store.ts';

/** Asks before deleting a task (it cannot be brought back); the server's refusal is said inside. */
export function DeleteTaskDialog({
  task: target,
  onClose,
  onDeleted,
}: {
  task: Pick<Task, 'id' | 'title'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteTask();
  const [refusal, setRefusal] = useState<string | null>(null);
  // keeps the title on screen while the dialog fades out after `target` is cleared
  const last = useRef(target);
  if (target) last.current = target;
  const task = target ?? last.current;

  useEffect(() => {
    if (target) setRefusal(null);
  }, [target]);

  const confirm = () => {
    if (!task) return;
    remove.mutate(task.id, {
      onSuccess: () => {
        toast.success(`The task “${task.title}” was deleted.`);
        onDeleted?.();
        onClose();
      },
      onError: (error) =>
        setRefusal(
          isHttpError(error) && error.status === 404
            ? 'This task no longer exists: someone deleted it already.'
            : (errorDetail(error) ?? 'The task could not be deleted. Try again.'),
        ),
    });
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      title="Delete task"
      confirmLabel="Delete task"
      busy={remove.isPending}
      refusal={refusal}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <Text>
        Delete the task <strong>{task?.title}</strong>? It is removed for its author and its assignee, and
        cannot be brought back.
      </Text>
    </ConfirmDialog>
  );
}
