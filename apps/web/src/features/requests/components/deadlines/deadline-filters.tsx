import { Input, SegmentedControl } from '@mantine/core';
import { useId } from 'react';
import { FilterBox, PickerFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import { MANAGER_PICKER_WITH_ADMINS } from '../managers/manager-field.tsx';
import {
  DEADLINE_WINDOW_OPTIONS,
  DEFAULT_DEADLINE_WINDOW,
  type DeadlineWindow,
  deadlineWindow,
} from './deadlines-filters.ts';

/**
 * Which deadlines (Overdue / Next 7 days / All upcoming), the office and a FO or BO manager of
 * the request (an Admin who manages requests included, labelled 'Admin').
 */
export function DeadlineFilters({ list }: { list: ListStateApi }) {
  const window = deadlineWindow(list.state);
  const labelId = useId();
  return (
    <>
      <FilterBox width={330}>
        <Input.Label id={labelId} component="div">
          Due
        </Input.Label>
        <SegmentedControl
          fullWidth
          role="radiogroup"
          aria-labelledby={labelId}
          data={DEADLINE_WINDOW_OPTIONS}
          value={window}
          onChange={(value) =>
            list.setFilter('window', (value as DeadlineWindow) === DEFAULT_DEADLINE_WINDOW ? null : value)
          }
        />
      </FilterBox>
      <PickerFilter
        list={list}
        name="region"
        width={170}
        label="Office"
        object="region"
        displayField="title"
        placeholder="Any office"
      />
      <PickerFilter
        list={list}
        name="manager"
        width={220}
        label="Manager"
        object="managers/picker"
        params={MANAGER_PICKER_WITH_ADMINS}
        preloadParams={MANAGER_PICKER_WITH_ADMINS}
        displayField="named"
        extraField="extra"
        placeholder="Anyone"
      />
    </>
  );
}
