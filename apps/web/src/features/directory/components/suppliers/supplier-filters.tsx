import { RATE_CURRENCIES, RATINGS } from '@app/shared';
import { SUPPLIER_TYPES } from '@app/shared/directory/index';
import { MultiSelectFilter, PickerFilter } from '../../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../../ui/list/use-list-state.ts';
import { useSupplierTags } from '../../api/get-supplier-tags.ts';
import { ArchivedFilter } from '../list/directory-filters.tsx';

export const SUPPLIER_FILTER_KEYS = ['type', 'tags', 'service', 'currency', 'rating', 'archived'] as const;

const W = 200;

/** The suppliers list's filters after the search box. */
export function SupplierFilters({ list }: { list: ListStateApi }) {
  const tags = useSupplierTags();
  return (
    <>
      <MultiSelectFilter
        list={list}
        name="type"
        width={W}
        label="Type"
        data={SUPPLIER_TYPES}
        placeholder="Any type"
      />
      <MultiSelectFilter
        list={list}
        name="tags"
        width={W}
        searchable
        label="Tags"
        data={tags.data ?? []}
        placeholder="Any tag"
      />
      <PickerFilter
        list={list}
        name="service"
        width={W}
        label="Service"
        object="services"
        displayField="named"
        placeholder="Any service"
      />
      <MultiSelectFilter
        list={list}
        name="currency"
        width={150}
        label="Currency"
        data={RATE_CURRENCIES}
        placeholder="Any"
      />
      <MultiSelectFilter
        list={list}
        name="rating"
        width={180}
        label="Rating"
        data={RATINGS}
        placeholder="Any rating"
      />
      <ArchivedFilter list={list} />
    </>
  );
}
