import { LANGUAGES, MEMBERSHIPS, RATINGS } from '@app/shared';
import { Box } from '@mantine/core';
import { DatePicker } from '../../../../ui/dates/date-picker.tsx';
import { Picker } from '../../../../ui/picker/picker.tsx';
import { Select } from '../../../../ui/select/select.tsx';
import { ARCHIVED_OPTIONS, idFilter, multiFilter, singleFilter } from '../list/filter-bindings.ts';
import { ListSearchInput } from '../list/list-search-input.tsx';
import type { ListStateApi } from '../list/use-list-state.ts';

export const CLIENT_FILTER_KEYS = [
  'membership',
  'rating',
  'language',
  'fo_manager',
  'office',
  'membership_end_from',
  'membership_end_to',
  'archived',
] as const;

const W = { base: '100%', sm: 220 };

export function ClientFilters({ list }: { list: ListStateApi }) {
  const from = singleFilter(list, 'membership_end_from');
  const to = singleFilter(list, 'membership_end_to');
  return (
    <>
      <Box w={{ base: '100%', sm: 260 }}>
        <ListSearchInput
          value={list.state.search}
          onChange={list.setSearch}
          placeholder="Name, email, phone, passport"
        />
      </Box>
      <Box w={W}>
        <Select
          multiple
          label="Membership"
          data={MEMBERSHIPS}
          displayField="label"
          placeholder="Any plan"
          {...multiFilter(list, 'membership')}
        />
      </Box>
      <Box w={W}>
        <Select
          multiple
          label="Rating"
          data={RATINGS}
          placeholder="Any rating"
          {...multiFilter(list, 'rating')}
        />
      </Box>
      <Box w={{ base: '100%', sm: 160 }}>
        <Select
          label="Language"
          data={LANGUAGES}
          displayField="label"
          placeholder="Any"
          {...singleFilter(list, 'language')}
        />
      </Box>
      <Box w={W}>
        <Picker
          label="FO manager"
          object="managers/picker"
          params={{ role: 'FO' }}
          displayField="named"
          placeholder="Anyone"
          {...idFilter(list, 'fo_manager')}
        />
      </Box>
      <Box w={{ base: '100%', sm: 180 }}>
        <Picker
          label="Office"
          object="region"
          displayField="title"
          placeholder="Any office"
          {...idFilter(list, 'office')}
        />
      </Box>
      <Box w={{ base: '100%', sm: 160 }}>
        <DatePicker
          label="Plan ends from"
          value={from.value}
          onChange={from.onChange}
          maxDate={to.value ?? undefined}
        />
      </Box>
      <Box w={{ base: '100%', sm: 160 }}>
        <DatePicker
          label="Plan ends by"
          value={to.value}
          onChange={to.onChange}
          minDate={from.value ?? undefined}
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
