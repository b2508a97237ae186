import type { Task } from '@app/shared/tasks/tasks.schemas';
import type { TaskStatus } from '@app/shared/value-lists';
import { ActionIcon, Menu } from '@mantine/core';
import {
  canDeleteTask,
  moveLabel,
  statusMoves,
  type TaskViewer,
  waitingForAuthor,
} from '../../../lib/tasks/task-rules.ts';

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/**
 * A task's menu on a board card and a list row: open it, the status moves this person may make
 * (the keyboard's way to move a card), and delete. Clicks stay in the menu (not the row's).
 */
export function TaskActionsMenu({
  task,
  me,
  onOpen,
  onMove,
  onDelete,
}: {
  task: Task;
  me: TaskViewer;
  onOpen: (task: Task) => void;
  onMove: (task: Task, status: TaskStatus) => void;
  onDelete: (task: Task) => void;
}) {
  const moves = statusMoves(task, me);
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray.8" aria-label={`Actions for ${task.title}`} onClick={stop}>
          <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1 }}>
            ⋯
          </span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={stop}>
        <Menu.Item onClick={() => onOpen(task)}>Open</Menu.Item>
        <Menu.Divider />
        {moves.length > 0 ? (
          <>
            <Menu.Label>Status</Menu.Label>
            {moves.map((status) => (
              <Menu.Item key={status} onClick={() => onMove(task, status)}>
                {moveLabel(task.status, status)}
              </Menu.Item>
            ))}
          </>
        ) : (
          <Menu.Label>
            {waitingForAuthor(task, me)
              ? `Waits for ${task.author.name}’s check`
              : 'No status change for you'}
          </Menu.Label>
        )}
        {canDeleteTask(task, me) ? (
          <>
            <Menu.Divider />
            <Menu.Item color="red.8" onClick={() => onDelete(task)}>
              Delete
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
