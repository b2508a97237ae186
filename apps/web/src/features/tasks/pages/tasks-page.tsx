import type { Task } from '@app/shared/tasks/tasks.schemas';
import type { TaskStatus } from '@app/shared/value-lists';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isHttpError } from '../../../lib/http/http-error.ts';
import { subscribeRealtime } from '../../../lib/realtime/realtime-events.ts';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { TASK_GONE_STATUSES, useTask } from '../../../lib/tasks/get-task.ts';
import { useTasks } from '../../../lib/tasks/list-tasks.ts';
import { tasksKeys } from '../../../lib/tasks/tasks-keys.ts';
import { idOf } from '../../../ui/list/filter-values.ts';
import { FilterBox } from '../../../ui/list/list-filters.tsx';
import { ListPage } from '../../../ui/list/list-page.tsx';
import { ListPageLayout } from '../../../ui/list/list-page-layout.tsx';
import { ListSearchInput } from '../../../ui/list/list-search-input.tsx';
import { DeleteTaskDialog } from '../../../ui/tasks/delete-task-dialog.tsx';
import { TaskFormDialog } from '../../../ui/tasks/task-form-dialog.tsx';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useMoveTask } from '../api/move-task.ts';
import { ScopeSwitch } from '../components/scope-switch.tsx';
import { TaskBoard } from '../components/task-board.tsx';
import { taskColumns } from '../components/task-columns.tsx';
import { TaskFilters } from '../components/task-filters.tsx';
import { taskRowProps } from '../components/task-row-props.ts';
import { boardQuery, tasksQuery } from '../components/tasks-filters.ts';
import { useTasksList } from '../components/use-tasks-list.ts';

const SEARCH = { placeholder: 'Title or description', width: 220 };
const EMPTY_TEXT = {
  mine: 'No tasks for you match these filters.',
  assigned: 'You have set no tasks that match these filters.',
  all: 'No tasks match these filters.',
} as const;

/**
 * /tasks: Mine, I assigned and (Admin) All, as a list or as a board by status; filters in the URL.
 * `?task={id}` opens that task (a NewTask notice links here).
 */
export function TasksPage() {
  const me = useSignedInUser();
  const { list, admin, scope, view, setScope, setView } = useTasksList();
  const [open, setOpen] = useState<Task | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Task | null>(null);
  const linked = useLinkedTask();
  useTaskNotices();

  const move = useMoveTask();
  const columns = useMemo(
    () =>
      taskColumns({
        me,
        onOpen: setOpen,
        onMove: (task: Task, status: TaskStatus) => move.mutate({ task, status }),
        onDelete: setToDelete,
      }),
    [me, move.mutate],
  );

  const listQuery = useMemo(() => tasksQuery(list.state, admin), [list.state, admin]);
  const tasks = useTasks(listQuery, { enabled: view === 'list' });
  const boardParams = useMemo(() => boardQuery(list.state, admin), [list.state, admin]);

  const actions = (
    <>
      <ScopeSwitch admin={admin} scope={scope} view={view} onScope={setScope} onView={setView} />
      <Button onClick={() => setOpen('new')}>New task</Button>
    </>
  );
  const shown = open ?? linked.task;
  const dialogs = (
    <>
      <TaskFormDialog
        opened={shown !== null}
        task={shown === 'new' ? null : shown}
        onClose={() => {
          setOpen(null);
          linked.close();
        }}
      />
      <DeleteTaskDialog task={toDelete} onClose={() => setToDelete(null)} />
    </>
  );

  if (view === 'board') {
    return (
      <ListPageLayout
        title="Tasks"
        actions={actions}
        filters={
          <>
            <FilterBox width={SEARCH.width}>
              <ListSearchInput
                value={list.state.search}
                onChange={list.setSearch}
                placeholder={SEARCH.placeholder}
              />
            </FilterBox>
            <TaskFilters list={list} board />
          </>
        }
        filtered={list.filtered}
        onReset={list.reset}
      >
        <TaskBoard
          params={boardParams}
          me={me}
          onOpen={setOpen}
          onDelete={setToDelete}
          onShowList={(status) => list.setFilters({ view: null, status })}
        />
        {dialogs}
      </ListPageLayout>
    );
  }

  return (
    <ListPage<Task>
      title="Tasks"
      list={list}
      result={tasks}
      columns={columns}
      search={SEARCH}
      filters={<TaskFilters list={list} board={false} />}
      actions={actions}
      emptyText={EMPTY_TEXT[scope]}
      loadingText="Loading tasks…"
      errorText="The tasks could not be loaded."
      onRowClick={setOpen}
      rowProps={taskRowProps}
      minWidth={1100}
    >
      {dialogs}
    </ListPage>
  );
}

export default TasksPage;

/** `?task={id}` of a task deleted since, or someone else's (an old notification's link). */
const TASK_GONE_TEXT = 'This task no longer exists or is not yours.';

/**
 * `?task={id}`: the task a notice or a link points at, opened over the list until closed. A task
 * that is gone (404) or not the person's (403) is said so, and the parameter leaves the URL.
 */
function useLinkedTask() {
  const [params, setParams] = useSearchParams();
  const id = idOf(params.get('task') ?? undefined) ?? null;
  const task = useTask(id, { quiet: TASK_GONE_STATUSES });
  const close = useCallback(() => {
    if (id === null) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('task');
        return next;
      },
      { replace: true },
    );
  }, [id, setParams]);
  const gone =
    id !== null &&
    isHttpError(task.error) &&
    (TASK_GONE_STATUSES as readonly number[]).includes(task.error.status);
  useEffect(() => {
    if (!gone) return;
    toast.warning(TASK_GONE_TEXT);
    close();
  }, [gone, close]);
  return { task: id !== null && task.data ? task.data : null, close };
}

/** A task notice (a new task for me, a deadline) arriving over the socket refreshes the lists. */
function useTaskNotices() {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribeRealtime<{ type?: string }>('notification', (notice) => {
        if (typeof notice?.type === 'string' && notice.type.includes('Task')) {
          void client.invalidateQueries({ queryKey: tasksKeys.lists });
        }
      }),
    [client],
  );
}
