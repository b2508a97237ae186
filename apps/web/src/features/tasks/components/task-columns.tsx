import type { Task } from '@app/shared/tasks/tasks.schemas';
import type { TaskStatus } from '@app/shared/value-lists';
import { Group, Text, VisuallyHidden } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { TaskViewer } from '../../../lib/tasks/task-rules.ts';
import {
  TaskDeadline,
  TaskLinkText,
  TaskOverdueMark,
  TaskStatusBadge,
  TaskUrgentMark,
} from '../../../ui/tasks/task-marks.tsx';
import { TaskActionsMenu } from './task-actions-menu.tsx';
import classes from './task-list.module.css';

export interface TaskRowActions {
  me: TaskViewer;
  onOpen: (task: Task) => void;
  onMove: (task: Task, status: TaskStatus) => void;
  onDelete: (task: Task) => void;
}

/** The list view's columns; title, priority, status and deadline sort on the server. */
export function taskColumns(actions: TaskRowActions): ColumnDef<Task, unknown>[] {
  return [
    {
      id: 'title',
      header: 'Title',
      enableSorting: true,
      // the mark beside the title: on a phone the deadline column is off-screen
      cell: ({ row: { original: task } }) => (
        <Group gap={6} align="center" className={classes.title}>
          <Text size="sm" fw={500} lineClamp={2}>
            {task.title}
          </Text>
          <TaskOverdueMark overdue={task.overdue} />
        </Group>
      ),
    },
    {
      id: 'priority',
      header: 'Priority',
      enableSorting: true,
      cell: ({ row: { original: task } }) =>
        task.priority === 'Urgent' ? (
          <TaskUrgentMark priority={task.priority} />
        ) : (
          <Text span size="sm" c="dimmed">
            Normal
          </Text>
        ),
    },
    {
      id: 'status',
      header: 'Status',
      enableSorting: true,
      cell: ({ row: { original: task } }) => <TaskStatusBadge status={task.status} />,
    },
    { id: 'assignee', header: 'Assignee', cell: ({ row }) => row.original.assignee.name },
    { id: 'author', header: 'Author', cell: ({ row }) => row.original.author.name },
    {
      id: 'deadline',
      header: 'Deadline',
      enableSorting: true,
      cell: ({ row: { original: task } }) => <TaskDeadline task={task} mark={false} />,
    },
    { id: 'link', header: 'About', cell: ({ row: { original: task } }) => <TaskLinkText task={task} /> },
    {
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      meta: { align: 'right' },
      cell: ({ row: { original: task } }) => (
        <Group justify="flex-end" wrap="nowrap">
          <TaskActionsMenu task={task} {...actions} />
        </Group>
      ),
    },
  ];
}
