import type { Task } from '@app/shared/tasks/tasks.schemas';
import type { TaskStatus } from '@app/shared/value-lists';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { DragEvent } from 'react';
import { statusMoves, type TaskViewer, waitingForAuthor } from '../../../lib/tasks/task-rules.ts';
import { TaskDeadline, TaskLinkText, TaskUrgentMark } from '../../../ui/tasks/task-marks.tsx';
import { TaskActionsMenu } from './task-actions-menu.tsx';
import classes from './task-board.module.css';

export interface TaskCardProps {
  task: Task;
  me: TaskViewer;
  /** The move is on its way to the server. */
  moving: boolean;
  onOpen: (task: Task) => void;
  onMove: (task: Task, status: TaskStatus) => void;
  onDelete: (task: Task) => void;
  onDragStart: (task: Task) => void;
  onDragEnd: () => void;
}

/**
 * One task on the board: dragged to another column when this person may move it, or moved from
 * its menu (the keyboard's way). Overdue cards are red, Urgent ones marked.
 */
export function TaskCard({
  task,
  me,
  moving,
  onOpen,
  onMove,
  onDelete,
  onDragStart,
  onDragEnd,
}: TaskCardProps) {
  const draggable = !moving && statusMoves(task, me).length > 0;
  const start = (event: DragEvent<HTMLDivElement>) => {
    event.dataTransfer?.setData('text/plain', String(task.id));
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
    onDragStart(task);
  };
  return (
    <li>
      <Paper
        withBorder
        radius="sm"
        p="xs"
        className={classes.card}
        draggable={draggable}
        onDragStart={draggable ? start : undefined}
        onDragEnd={onDragEnd}
        data-overdue={task.overdue ? 'true' : undefined}
        data-urgent={task.priority === 'Urgent' ? 'true' : undefined}
        data-moving={moving ? 'true' : undefined}
        data-testid="task-card"
        aria-busy={moving || undefined}
      >
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" gap={4} wrap="nowrap">
            <UnstyledButton className={classes.cardTitle} onClick={() => onOpen(task)}>
              {task.title}
            </UnstyledButton>
            <TaskActionsMenu task={task} me={me} onOpen={onOpen} onMove={onMove} onDelete={onDelete} />
          </Group>
          <Group gap={6}>
            <TaskUrgentMark priority={task.priority} />
            <TaskDeadline task={task} size="xs" />
          </Group>
          <Text size="xs" c="dimmed">
            {task.assignee.id === me.id ? 'For you' : `For ${task.assignee.name}`}
            {task.author.id === task.assignee.id
              ? ''
              : task.author.id === me.id
                ? ' · set by you'
                : ` · set by ${task.author.name}`}
          </Text>
          {task.request || task.client ? (
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                About
              </Text>
              <TaskLinkText task={task} size="xs" />
            </Group>
          ) : null}
          {waitingForAuthor(task, me) ? (
            <Text size="xs" c="orange.9" fw={500}>
              Waiting for {task.author.name}’s check
            </Text>
          ) : task.status === 'Control' ? (
            <Text size="xs" c="orange.9" fw={500}>
              Done: check it and accept or return it
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </li>
  );
}
