import { PickerFilter, SelectFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';

const ARCHIVED_OPTIONS = [
  { value: 'true', named: 'Active and archived' },
  { value: 'only', named: 'Archived only' },
];

/** The office (region) a record belongs to. */
export function OfficeFilter({ list }: { list: ListStateApi }) {
  return (
    <PickerFilter
      list={list}
      name="office"
      width={180}
      label="Office"
      object="region"
      displayField="title"
      placeholder="Any office"
    />
  );
}

/** Every archivable list ends its filters with this: archived records are hidden by default. */
export function ArchivedFilter({ list }: { list: ListStateApi }) {
  return (
    <SelectFilter
      list={list}
      name="archived"
      width={200}
      label="Archived"
      data={ARCHIVED_OPTIONS}
      placeholder="Hide archived"
    />
  );
}
