import { RATE_CURRENCIES, RATINGS } from '@app/shared';
import { SUPPLIER_TYPES } from '@app/shared/directory/index';
import { Box } from '@mantine/core';
import { Picker } from '../../../../ui/picker/picker.tsx';
import { Select } from '../../../../ui/select/select.tsx';
import { useSupplierTags } from '../../api/get-supplier-tags.ts';
import { ARCHIVED_OPTIONS, idFilter, multiFilter, singleFilter } from '../list/filter-bindings.ts';
import { ListSearchInput } from '../list/list-search-input.tsx';
import type { ListStateApi } from '../list/use-list-state.ts';

export const SUPPLIER_FILTER_KEYS = ['type', 'tags', 'service', 'currency', 'rating', 'archived'] as const;

const W = { base: '100%', sm: 200 };

export function SupplierFilters({ list }: { list: ListStateApi }) {
  const tags = useSupplierTags();
  return (
    <>
      <Box w={{ base: '100%', sm: 260 }}>
        <ListSearchInput
          value={list.state.search}
          onChange={list.setSearch}
          placeholder="Name, contact, email, city"
        />
      </Box>
      <Box w={W}>
        <Select
          multiple
          label="Type"
          data={SUPPLIER_TYPES}
          placeholder="Any type"
          {...multiFilter(list, 'type')}
        />
      </Box>
      <Box w={W}>
        <Select
          multiple
          searchable
          label="Tags"
          data={tags.data ?? []}
          placeholder="Any tag"
          {...multiFilter(list, 'tags')}
        />
      </Box>
      <Box w={W}>
        <Picker
          label="Service"
          object="services"
          displayField="named"
          placeholder="Any service"
          {...idFilter(list, 'service')}
        />
      </Box>
      <Box w={{ base: '100%', sm: 150 }}>
        <Select
          multiple
          label="Currency"
          data={RATE_CURRENCIES}
          placeholder="Any"
          {...multiFilter(list, 'currency')}
        />
      </Box>
      <Box w={{ base: '100%', sm: 180 }}>
        <Select
          multiple
          label="Rating"
          data={RATINGS}
          placeholder="Any rating"
          {...multiFilter(list, 'rating')}
        />
      </Box>
      <Box w={{ base: '100%', sm: 200 }}>
        <Select
          label="Archived"
          data={ARCHIVED_OPTIONS}
          placeholder="Hide archived"
          {...singleFilter(list, 'archived')}
        />
      </Box>
    </>
  );
}
