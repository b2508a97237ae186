import type { Task } from '@app/shared/tasks/tasks.schemas';
import type { TaskStatus } from '@app/shared/value-lists';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format/format-date.ts';

/**
 * How a task is marked wherever it is shown (the tasks list and board, a request's or client's
 * panel): its status, Urgent, its deadline (red with 'Overdue' once passed) and what it is about.
 */
const STATUS_COLORS: Record<TaskStatus, string> = {
  'Not started': 'gray.7',
  'In progress': 'blue.8',
  Control: 'orange.9',
  Completed: 'teal.9',
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="filled"
      radius="sm"
      tt="none"
      style={{ whiteSpace: 'nowrap' }}
    >
      {status}
    </Badge>
  );
}

/** Urgent stands out; Normal is the quiet default and shows nothing. */
export function TaskUrgentMark({ priority }: { priority: Task['priority'] }) {
  if (priority !== 'Urgent') return null;
  return (
    <Badge color="red.8" variant="filled" radius="sm" tt="none" data-testid="urgent">
      Urgent
    </Badge>
  );
}

/** 'Overdue' beside a task's title or deadline: the deadline passed and the task is not done. */
export function TaskOverdueMark({ overdue }: { overdue: boolean }) {
  if (!overdue) return null;
  return (
    <Badge color="red" variant="light" radius="sm" tt="none" size="sm" data-testid="overdue">
      Overdue
    </Badge>
  );
}

/**
 * The deadline in the viewer's time; past it (and not done) it turns red and, unless the mark
 * stands beside the title already (`mark={false}`), says so.
 */
export function TaskDeadline({
  task,
  size = 'sm',
  mark = true,
}: {
  task: Pick<Task, 'deadline' | 'overdue'>;
  size?: string;
  mark?: boolean;
}) {
  if (!task.deadline) {
    return (
      <Text span size={size} c="dimmed">
        No deadline
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Text
        span
        size={size}
        c={task.overdue ? 'red.8' : undefined}
        fw={task.overdue ? 700 : undefined}
        style={{ whiteSpace: 'nowrap' }}
      >
        {formatDateTime(task.deadline)}
      </Text>
      {mark ? <TaskOverdueMark overdue={task.overdue} /> : null}
    </Group>
  );
}

/** Where a request and a client live (their features' routes: reached by address only). */
export const REQUEST_PATH = (id: number) => `/requests/${id}`;
export const CLIENT_PATH = (id: number) => `/directory/clients/${id}`;

/** The request or client a task is about, as a link to it; a dash when it is about neither. */
export function TaskLinkText({
  task,
  size = 'sm',
}: {
  task: Pick<Task, 'request' | 'client'>;
  size?: string;
}) {
  if (task.request) {
    return (
      <Anchor component={Link} to={REQUEST_PATH(task.request.id)} size={size} onClick={stopRow}>
        {task.request.number}
      </Anchor>
    );
  }
  if (task.client) {
    return (
      <Anchor component={Link} to={CLIENT_PATH(task.client.id)} size={size} onClick={stopRow}>
        {task.client.name}
      </Anchor>
    );
  }
  return (
    <Text span size={size} c="dimmed">
      —
    </Text>
  );
}

/** A link inside a clickable row opens its own page, not the row's. */
function stopRow(event: { stopPropagation: () => void }) {
  event.stopPropagation();
}
