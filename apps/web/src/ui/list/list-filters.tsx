import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { Picker, type PickerItem, type SinglePickerProps } from '../picker/picker.tsx';
import { type MultiSelectProps, Select, type SingleSelectProps } from '../select/select.tsx';
import type { SelectItem } from '../select/select-options.ts';
import { idFilter, multiFilter, singleFilter } from './filter-bindings.ts';
import type { ListStateApi } from './use-list-state.ts';

/** One control of a list's filter bar: full width on phones, `width` px from `sm` up. */
export function FilterBox({ width, children }: { width: number; children: ReactNode }) {
  return <Box w={{ base: '100%', sm: width }}>{children}</Box>;
}

/** What binds a filter control to the list: the list and the URL parameter it sets. */
interface FilterBinding {
  list: ListStateApi;
  name: string;
  width: number;
}

type Unbound<P> = Omit<P, 'value' | 'onChange' | 'multiple' | 'name'>;

/** Several values of a value list, kept in the URL as `a,b,c`. */
export function MultiSelectFilter<I extends SelectItem>({
  list,
  name,
  width,
  ...props
}: FilterBinding & Unbound<MultiSelectProps<I>>) {
  return (
    <FilterBox width={width}>
      <Select<I> {...props} multiple {...multiFilter(list, name)} />
    </FilterBox>
  );
}

/** One value of a value list. */
export function SelectFilter<I extends SelectItem>({
  list,
  name,
  width,
  ...props
}: FilterBinding & Unbound<SingleSelectProps<I>>) {
  return (
    <FilterBox width={width}>
      <Select<I> {...props} {...singleFilter(list, name)} />
    </FilterBox>
  );
}

/** One record chosen in a picker, kept in the URL by its id. */
export function PickerFilter<I extends PickerItem>({
  list,
  name,
  width,
  ...props
}: FilterBinding & Unbound<SinglePickerProps<I>>) {
  return (
    <FilterBox width={width}>
      <Picker<I> {...props} {...idFilter(list, name)} />
    </FilterBox>
  );
}
