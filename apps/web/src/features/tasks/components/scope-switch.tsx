import type { TaskScope } from '@app/shared/tasks/tasks.schemas';
import { Group, SegmentedControl } from '@mantine/core';
import type { TaskView } from './tasks-filters.ts';

const SCOPES: { value: TaskScope; label: string }[] = [
  { value: 'mine', label: 'Mine' },
  { value: 'assigned', label: 'I assigned' },
  { value: 'all', label: 'All' },
];
const VIEWS: { value: TaskView; label: string }[] = [
  { value: 'list', label: 'List' },
  { value: 'board', label: 'Board' },
];

/**
 * Which tasks (Mine: assigned to me; I assigned: set by me; All: every task, for an Admin) and how
 * (a list or the board by status), beside the page title.
 */
export function ScopeSwitch({
  admin,
  scope,
  view,
  onScope,
  onView,
}: {
  admin: boolean;
  scope: TaskScope;
  view: TaskView;
  onScope: (scope: TaskScope) => void;
  onView: (view: TaskView) => void;
}) {
  return (
    <Group gap="sm">
      <SegmentedControl
        aria-label="Tasks to show"
        role="radiogroup"
        data={admin ? SCOPES : SCOPES.filter((s) => s.value !== 'all')}
        value={scope}
        onChange={(value) => onScope(value as TaskScope)}
      />
      <SegmentedControl
        aria-label="View"
        role="radiogroup"
        data={VIEWS}
        value={view}
        onChange={(value) => onView(value as TaskView)}
      />
    </Group>
  );
}
