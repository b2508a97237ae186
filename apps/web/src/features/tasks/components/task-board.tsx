import type { Task } from '@app/shared/tasks/tasks.schemas';
import { TASK_STATUSES, type TaskStatus } from '@app/shared/value-lists';
import { Button, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { type DragEvent, type ReactNode, useId, useState } from 'react';
import { tasksQueryOptions } from '../../../lib/tasks/list-tasks.ts';
import { statusMoves, type TaskViewer } from '../../../lib/tasks/task-rules.ts';
import type { TaskListParams } from '../../../lib/tasks/tasks-keys.ts';
import { TaskStatusBadge } from '../../../ui/tasks/task-marks.tsx';
import { useMoveTask } from '../api/move-task.ts';
import classes from './task-board.module.css';
import { TaskCard } from './task-card.tsx';

type Page = { data: Task[]; meta: { total: number } };

export interface TaskBoardProps {
  /** The list query less the status: one column per status asks it with its own. */
  params: Omit<TaskListParams, 'status'>;
  me: TaskViewer;
  onOpen: (task: Task) => void;
  onDelete: (task: Task) => void;
  /** The list view, for a column with more cards than the board shows. */
  onShowList: (status: TaskStatus) => void;
}

/** Every card once, its latest version kept (a card briefly in two columns' answers while they reload). */
function latestById(pages: (Page | undefined)[]): Task[] {
  const byId = new Map<number, Task>();
  for (const page of pages) {
    for (const task of page?.data ?? []) {
      const seen = byId.get(task.id);
      if (!seen || seen.version < task.version) byId.set(task.id, task);
    }
  }
  return [...byId.values()];
}

/**
 * The board: a column per status (Not started, In progress, Control, Completed). A card is dragged
 * to a column this person may move it to (the others dim), or moved from its menu. It shows in
 * its new column at once; when the server refuses (the Control rule, a stale version) it goes
 * back, and the server's reason is toasted.
 */
export function TaskBoard({ params, me, onOpen, onDelete, onShowList }: TaskBoardProps) {
  const columns = useQueries({
    queries: TASK_STATUSES.map((status) => tasksQueryOptions({ ...params, status })),
  }) as UseQueryResult<Page>[];
  const move = useMoveTask();
  const [moving, setMoving] = useState<ReadonlyMap<number, TaskStatus>>(new Map());
  const [dragging, setDragging] = useState<Task | null>(null);
  const [over, setOver] = useState<TaskStatus | null>(null);
  const [said, setSaid] = useState('');

  const tasks = latestById(columns.map((c) => c.data));
  const statusOf = (task: Task) => moving.get(task.id) ?? task.status;

  const moveTo = async (task: Task, status: TaskStatus) => {
    if (statusOf(task) !== task.status || status === task.status) return;
    if (!statusMoves(task, me).includes(status)) return;
    setMoving((prev) => new Map(prev).set(task.id, status));
    setSaid(`Moving ${task.title} to ${status}.`);
    try {
      await move.mutateAsync({ task, status });
      setSaid(`${task.title} moved to ${status}.`);
    } catch {
      setSaid(`${task.title} was not moved: it stays in ${task.status}.`);
    } finally {
      setMoving((prev) => {
        const next = new Map(prev);
        next.delete(task.id);
        return next;
      });
    }
  };

  const dropState = (status: TaskStatus): string | undefined => {
    if (!dragging) return undefined;
    if (status === dragging.status) return undefined;
    if (!statusMoves(dragging, me).includes(status)) return 'refused';
    return over === status ? 'over' : 'allowed';
  };

  const endDrag = () => {
    setDragging(null);
    setOver(null);
  };

  const drop = (status: TaskStatus, event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    const id = Number(event.dataTransfer?.getData('text/plain'));
    const task = dragging ?? tasks.find((t) => t.id === id) ?? null;
    endDrag();
    if (task) void moveTo(task, status);
  };

  return (
    <>
      <div className={classes.board} data-testid="task-board">
        {TASK_STATUSES.map((status, i) => {
          const column = columns[i];
          const cards = tasks.filter((t) => statusOf(t) === status);
          const arriving = cards.filter((t) => t.status !== status).length;
          const leaving = (column?.data?.data ?? []).filter((t) => statusOf(t) !== status).length;
          const total = (column?.data?.meta.total ?? 0) + arriving - leaving;
          return (
            <BoardColumn
              key={status}
              status={status}
              total={total}
              drop={dropState(status)}
              query={column}
              onDragOver={(event) => {
                if (dropState(status) === 'allowed' || dropState(status) === 'over') {
                  event.preventDefault();
                  if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
                  if (over !== status) setOver(status);
                }
              }}
              onDragLeave={(event) => {
                const next = event.relatedTarget as Node | null;
                if (!next || !event.currentTarget.contains(next)) setOver((o) => (o === status ? null : o));
              }}
              onDrop={(event) => drop(status, event)}
              onShowList={() => onShowList(status)}
            >
              {cards.map((task) => (
                <TaskCard
                  key={task.id}
                  task={task}
                  me={me}
                  moving={moving.has(task.id)}
                  onOpen={onOpen}
                  onMove={(t, to) => void moveTo(t, to)}
                  onDelete={onDelete}
                  onDragStart={setDragging}
                  onDragEnd={endDrag}
                />
              ))}
            </BoardColumn>
          );
        })}
      </div>
      <VisuallyHidden role="status" aria-live="polite">
        {said}
      </VisuallyHidden>
    </>
  );
}

function BoardColumn({
  status,
  total,
  drop,
  query,
  children,
  onDragOver,
  onDragLeave,
  onDrop,
  onShowList,
}: {
  status: TaskStatus;
  total: number;
  drop: string | undefined;
  query: UseQueryResult<Page> | undefined;
  children: ReactNode[];
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDragLeave: (event: DragEvent<HTMLElement>) => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
  onShowList: () => void;
}) {
  const titleId = useId();
  const shown = children.length;
  return (
    <section
      className={classes.column}
      aria-labelledby={titleId}
      data-drop={drop}
      data-status={status}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <Group justify="space-between" gap="xs" id={titleId}>
        <TaskStatusBadge status={status} />
        <Text size="sm" c="dimmed" aria-label={`${total} tasks`}>
          {total}
        </Text>
      </Group>
      {query?.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        </Group>
      ) : query?.isError ? (
        <Stack gap={4}>
          <Text size="sm" c="red.8" role="alert">
            This column could not be loaded.
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : shown === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {drop === 'allowed' || drop === 'over' ? 'Drop here' : 'No tasks'}
        </Text>
      ) : (
        <ul className={classes.cards} aria-label={`${status} tasks`}>
          {children}
        </ul>
      )}
      {total > shown && !query?.isPending ? (
        <Button size="compact-sm" variant="subtle" onClick={onShowList}>
          {total - shown} more: show them in the list
        </Button>
      ) : null}
    </section>
  );
}
