import { Combobox } from '@mantine/core';
import { Fragment, useMemo, useState } from 'react';
import { useQueryParamPrefill } from '../field/use-query-param-prefill';
import {
  type ComboboxFieldProps,
  ComboboxShell,
  type MultiChoiceProps,
  type SingleChoiceProps,
  useComboboxField,
} from './combobox-field';
import { NOTHING_FOUND, OptionRow } from './combobox-parts';
import {
  filterGroups,
  type NormalizedGroup,
  normalizeData,
  type OptionFields,
  type OptionValue,
  optionsForKeys,
  type SelectGroup,
  type SelectItem,
  toggleGroup,
  toggleValue,
} from './select-options';

interface SelectCommonProps<T extends SelectItem> extends ComboboxFieldProps, OptionFields {
  /** Items, or groups of `{ title, children }` (grouped multi choice). */
  data: readonly T[] | readonly SelectGroup<T>[];
  /** Adds the 'Start typing...' box that filters items by name, case-insensitively. */
  searchable?: boolean;
  /** Prefill from the query-string parameter named like the control (`name`). */
  filtering?: boolean;
  /** In grouped multi choice, a click on a group title selects or clears its whole group. */
  selectableGroups?: boolean;
}

export interface SingleSelectProps<T extends SelectItem = SelectItem>
  extends SelectCommonProps<T>,
    SingleChoiceProps<OptionValue, T> {}

export interface MultiSelectProps<T extends SelectItem = SelectItem>
  extends SelectCommonProps<T>,
    MultiChoiceProps<OptionValue, T> {}

export type SelectProps<T extends SelectItem = SelectItem> = SingleSelectProps<T> | MultiSelectProps<T>;

const GROUP_PREFIX = '\u0000group:';

/**
 * Spec 2.6 select widget: single choice with Clear, multi choice with checkboxes, grouped multi
 * choice, optional search, optional right-aligned extra value, query-string prefill and
 * 'Required field'.
 */
export function Select<T extends SelectItem>(props: SelectProps<T>) {
  const {
    data,
    displayField,
    valueField,
    extraField,
    searchable,
    filtering,
    selectableGroups,
    nothingFound = NOTHING_FOUND,
    label,
    readOnly,
    name,
  } = props;
  const [search, setSearch] = useState('');
  const { grouped, groups, options } = useMemo(
    () => normalizeData(data, { displayField, valueField, extraField }),
    [data, displayField, valueField, extraField],
  );

  const selectedKeys: string[] = props.multiple
    ? (props.value ?? []).map(String)
    : props.value === null || props.value === undefined || props.value === ''
      ? []
      : [String(props.value)];
  const selectedSet = new Set(selectedKeys);
  const selectedOptions = optionsForKeys(options, selectedKeys);

  const field = useComboboxField(props, {
    multiple: !!props.multiple,
    empty: selectedKeys.length === 0,
    onOpen: (combobox) => {
      if (searchable) combobox.focusSearchInput();
    },
  });
  const { combobox } = field;

  const emitMulti = (values: OptionValue[]) => {
    if (!props.multiple) return;
    const keys = values.map(String);
    props.onChange(
      values,
      optionsForKeys(options, keys).map((o) => o.item),
    );
  };

  const emitSingle = (key: string | null) => {
    if (props.multiple) return;
    const option = key === null ? undefined : options.find((o) => o.key === key);
    props.onChange(option ? option.value : null, option ? option.item : null);
  };

  useQueryParamPrefill(
    filtering,
    name,
    (raw) => {
      const keys = raw.flatMap((v) => v.split(',')).map((v) => v.trim());
      const found = optionsForKeys(options, keys);
      if (found.length === 0) return;
      if (props.multiple) emitMulti(found.map((o) => o.value));
      else emitSingle(found[0]?.key ?? null);
    },
    options.length > 0,
  );

  const onOptionSubmit = (key: string) => {
    if (readOnly) return;
    if (key.startsWith(GROUP_PREFIX)) {
      const group = groups[Number(key.slice(GROUP_PREFIX.length))];
      if (group && props.multiple) emitMulti(toggleGroup(props.value ?? [], group as NormalizedGroup));
      return;
    }
    if (props.multiple) {
      const option = options.find((o) => o.key === key);
      if (option) emitMulti(toggleValue(props.value ?? [], option.value));
    } else {
      emitSingle(key);
      combobox.closeDropdown();
    }
  };

  const visibleGroups = searchable
    ? filterGroups(groups, search)
    : groups.filter((g) => g.options.length > 0);

  const renderGroup = (group: NormalizedGroup<T>) => {
    const rows = group.options.map((o) => (
      <OptionRow
        key={o.key}
        value={o.key}
        label={o.label}
        extra={o.extra}
        selected={selectedSet.has(o.key)}
        withCheckbox={props.multiple}
      />
    ));
    if (!grouped) return rows;
    const index = groups.findIndex((g) => g.title === group.title);
    const full = groups[index];
    if (props.multiple && selectableGroups && full) {
      const count = full.options.filter((o) => selectedSet.has(o.key)).length;
      return (
        <Combobox.Group key={`g-${index}`}>
          <OptionRow
            value={`${GROUP_PREFIX}${index}`}
            label={group.title}
            selected={count === full.options.length}
            indeterminate={count > 0 && count < full.options.length}
            withCheckbox
            bold
          />
          {rows}
        </Combobox.Group>
      );
    }
    return (
      <Combobox.Group key={`g-${index}`} label={group.title}>
        {rows}
      </Combobox.Group>
    );
  };

  return (
    <ComboboxShell
      field={field}
      onOptionSubmit={onOptionSubmit}
      choice={
        props.multiple
          ? {
              multiple: true,
              pills: selectedOptions.map((o) => ({ key: o.key, label: o.label })),
              onRemove: (key) => emitMulti((props.value ?? []).filter((v) => String(v) !== key)),
            }
          : {
              multiple: false,
              selectedLabel: selectedOptions[0]?.label ?? null,
              onClear: () => emitSingle(null),
            }
      }
      search={searchable ? { value: search, onChange: setSearch } : undefined}
      optionsProps={{ 'aria-label': typeof label === 'string' ? label : undefined }}
    >
      {visibleGroups.length === 0 ? (
        <Combobox.Empty>{nothingFound}</Combobox.Empty>
      ) : (
        visibleGroups.map((g) => <Fragment key={g.title}>{renderGroup(g)}</Fragment>)
      )}
    </ComboboxShell>
  );
}
