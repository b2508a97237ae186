import { canAccess, isAdmin } from '@app/shared/auth/access';
import { TASKS_ACCESS } from '@app/shared/tasks/tasks.access';
import type { Task } from '@app/shared/tasks/tasks.schemas';
import {
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useSignedInUser } from '../../lib/session/current-user.ts';
import { useTasks } from '../../lib/tasks/list-tasks.ts';
import type { TaskListParams } from '../../lib/tasks/tasks-keys.ts';
import { TaskFormDialog } from './task-form-dialog.tsx';
import type { TaskPrefill } from './task-form-values.ts';
import { TaskDeadline, TaskStatusBadge, TaskUrgentMark } from './task-marks.tsx';

/** A record rarely has more tasks than this; past it the panel says how many more there are. */
const PANEL_LIMIT = 50;

type RecordRef = { request: { id: number; number: string } } | { client: { id: number; name: string } };

/**
 * The tasks about one request or one client, on that record's page (issue 13: "shown on that
 * record too"), with "New task" linked to it. Only for the roles that have tasks; others see
 * nothing. Open tasks first, by deadline; completed ones folded away.
 */
export function RecordTasksPanel(props: RecordRef) {
  const me = useSignedInUser();
  if (!canAccess(me, TASKS_ACCESS)) return null;
  return <Panel {...props} />;
}

/**
 * An Admin sees every task of the record; others see the tasks they hold or set (the list scopes
 * "mine" and "I assigned"), asked for both and merged. A task I set for myself is in both: when a
 * scope has more than one page shows, the tasks in both are counted (mine that I set) so the
 * "more" is neither counted twice nor lost.
 */
function useRecordTasks(link: { request: number } | { client: number }) {
  const me = useSignedInUser();
  const admin = isAdmin(me);
  const base: TaskListParams = { ...link, ordering: 'deadline', limit: PANEL_LIMIT, offset: 0 };
  const all = useTasks({ ...base, scope: 'all' }, { enabled: admin });
  const mine = useTasks({ ...base, scope: 'mine' }, { enabled: !admin });
  const assigned = useTasks({ ...base, scope: 'assigned' }, { enabled: !admin });
  const parts = admin ? [all] : [mine, assigned];
  const cut = parts.some((p) => p.data !== undefined && p.data.meta.total > p.data.data.length);
  const both = useTasks(
    { ...link, scope: 'mine', author: me.id, ordering: 'deadline', limit: 1, offset: 0 },
    { enabled: !admin && cut },
  );
  const asked = admin || !cut ? parts : [...parts, both];

  const byId = new Map<number, Task>();
  for (const part of parts) for (const task of part.data?.data ?? []) byId.set(task.id, task);
  const total = admin
    ? (all.data?.meta.total ?? 0)
    : cut
      ? (mine.data?.meta.total ?? 0) + (assigned.data?.meta.total ?? 0) - (both.data?.meta.total ?? 0)
      : byId.size;
  return {
    tasks: [...byId.values()].sort(byDeadline),
    more: Math.max(0, total - byId.size),
    pending: asked.some((p) => p.isPending),
    failed: asked.some((p) => p.isError),
    retry: () => {
      for (const part of asked) void part.refetch();
    },
  };
}

/** The tasks page narrowed to this record: every task for an Admin, else mine (I assigned is a click away). */
function tasksPageOf(link: { request: number } | { client: number }, admin: boolean): string {
  const params = new URLSearchParams(admin ? { scope: 'all' } : {});
  if ('request' in link) params.set('request', String(link.request));
  else params.set('client', String(link.client));
  return `/tasks?${params}`;
}

/** Nearest deadline first, tasks without one after them. */
function byDeadline(a: Task, b: Task): number {
  if (a.deadline === b.deadline) return a.id - b.id;
  if (a.deadline === null) return 1;
  if (b.deadline === null) return -1;
  return Date.parse(a.deadline) - Date.parse(b.deadline);
}

function Panel(props: RecordRef) {
  const titleId = useId();
  const prefill: TaskPrefill = 'request' in props ? { request: props.request } : { client: props.client };
  const link = 'request' in props ? { request: props.request.id } : { client: props.client.id };
  const { tasks, more, pending, failed, retry } = useRecordTasks(link);
  const [open, setOpen] = useState<Task | 'new' | null>(null);
  const [showDone, setShowDone] = useState(false);
  const current = tasks.filter((t) => t.status !== 'Completed');
  const done = tasks.filter((t) => t.status === 'Completed');
  const shown = showDone ? [...current, ...done] : current;
  const noun = 'request' in props ? 'request' : 'client';
  const admin = isAdmin(useSignedInUser());

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h4" id={titleId}>
            Tasks
          </Title>
          <Button size="xs" onClick={() => setOpen('new')}>
            New task
          </Button>
        </Group>
        {pending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading tasks…
            </Text>
          </Group>
        ) : failed ? (
          <Group gap="sm">
            <Text size="sm" c="red.8" role="alert">
              The tasks could not be loaded.
            </Text>
            <Button size="xs" variant="default" onClick={retry}>
              Try again
            </Button>
          </Group>
        ) : tasks.length === 0 ? (
          <Text size="sm" c="dimmed">
            {admin ? `No tasks about this ${noun} yet.` : `None of your tasks are about this ${noun}.`}
          </Text>
        ) : (
          <>
            {current.length === 0 ? (
              <Text size="sm" c="dimmed">
                Every task about this {noun} is completed.
              </Text>
            ) : null}
            {shown.length > 0 ? (
              <TaskRows tasks={shown} label={`Tasks about this ${noun}`} onOpen={setOpen} />
            ) : null}
            <Group gap="sm">
              {done.length > 0 ? (
                <Button size="compact-sm" variant="subtle" onClick={() => setShowDone((v) => !v)}>
                  {showDone ? 'Hide completed' : `Show completed (${done.length})`}
                </Button>
              ) : null}
              {more > 0 ? (
                <Anchor component={Link} to={tasksPageOf(link, admin)} size="sm">
                  and {more} more: see them in Tasks
                </Anchor>
              ) : null}
            </Group>
          </>
        )}
      </Stack>
      <TaskFormDialog
        opened={open !== null}
        task={open === 'new' ? null : open}
        prefill={prefill}
        onClose={() => setOpen(null)}
      />
    </Paper>
  );
}

function TaskRows({ tasks, label, onOpen }: { tasks: Task[]; label: string; onOpen: (task: Task) => void }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Task</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Assignee</Table.Th>
            <Table.Th>Deadline</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task) => (
            <Table.Tr key={task.id} data-overdue={task.overdue ? 'true' : undefined}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <UnstyledButton
                    onClick={() => onOpen(task)}
                    fz="sm"
                    fw={500}
                    c="blue.8"
                    td="underline"
                    aria-label={`Open task ${task.title}`}
                  >
                    {task.title}
                  </UnstyledButton>
                  <TaskUrgentMark priority={task.priority} />
                </Group>
              </Table.Td>
              <Table.Td>
                <TaskStatusBadge status={task.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{task.assignee.name}</Text>
              </Table.Td>
              <Table.Td>
                <TaskDeadline task={task} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
