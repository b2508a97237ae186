import { isAdmin } from '@app/shared/auth/access';
import type { TaskScope } from '@app/shared/tasks/tasks.schemas';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { type ListStateApi, useListState } from '../../../ui/list/use-list-state.ts';
import { scopeOf, TASKS_LIST, type TaskView, tasksFiltered, viewOf } from './tasks-filters.ts';

/** Parameters that choose what the page shows rather than filter it: "Clear filters" keeps them. */
const KEPT_ON_RESET = ['scope', 'view', 'page_size'] as const;

/**
 * The tasks page's list state: the list kit's, with the scope (Mine, I assigned, All) and the view
 * (list or board) in the URL beside the filters, but outside what "Clear filters" clears.
 */
export function useTasksList() {
  const admin = isAdmin(useSignedInUser());
  const base = useListState(TASKS_LIST);
  const [, setParams] = useSearchParams();
  const { state, setFilter } = base;

  const reset = useCallback(
    () =>
      setParams(
        (prev) => {
          const next = new URLSearchParams();
          for (const key of KEPT_ON_RESET) {
            const value = prev.get(key);
            if (value) next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const filtered = tasksFiltered(state, viewOf(state) === 'board');
  const list: ListStateApi = useMemo(() => ({ ...base, reset, filtered }), [base, reset, filtered]);

  return {
    list,
    admin,
    scope: scopeOf(state, admin),
    view: viewOf(state),
    setScope: useCallback(
      (scope: TaskScope) => setFilter('scope', scope === 'mine' ? null : scope),
      [setFilter],
    ),
    setView: useCallback((view: TaskView) => setFilter('view', view === 'list' ? null : view), [setFilter]),
  };
}
