import { TASK_PRIORITIES, TASK_STATUSES } from '@app/shared/value-lists';
import { Switch } from '@mantine/core';
import { flagFilter } from '../../../ui/list/filter-bindings.ts';
import { FilterBox, PickerFilter, SelectFilter } from '../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../ui/list/use-list-state.ts';

/**
 * Status (the list only: the board's columns are the statuses), priority, the client or request
 * the tasks are about, and "overdue only".
 */
export function TaskFilters({ list, board }: { list: ListStateApi; board: boolean }) {
  return (
    <>
      {board ? null : (
        <SelectFilter
          list={list}
          name="status"
          width={150}
          label="Status"
          data={TASK_STATUSES}
          placeholder="Any status"
        />
      )}
      <SelectFilter
        list={list}
        name="priority"
        width={140}
        label="Priority"
        data={TASK_PRIORITIES}
        placeholder="Any priority"
      />
      <PickerFilter
        list={list}
        name="client"
        width={200}
        label="Client"
        object="clients"
        displayField="named"
        placeholder="Any client"
      />
      <PickerFilter
        list={list}
        name="request"
        width={170}
        label="Request"
        object="requests"
        displayField="number"
        placeholder="Any request"
      />
      <FilterBox width={160}>
        <Switch mb={8} label="Overdue only" {...flagFilter(list, 'overdue')} />
      </FilterBox>
    </>
  );
}
