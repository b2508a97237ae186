import { Combobox, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  type ComboboxFieldProps,
  ComboboxShell,
  type MultiChoiceProps,
  type SingleChoiceProps,
  useComboboxField,
} from '../select/combobox-field';
import { NOTHING_FOUND, OptionRow } from '../select/combobox-parts';
import { type PickerFetcher, usePickerFetcher } from './picker-fetcher';
import {
  buildPickerPreloadUrl,
  type PickerKey,
  type PickerParams,
  pickerExcludeKeys,
  readPickerItems,
  takesNoParams,
} from './picker-query';
import { usePickerList } from './use-picker-list';

export type PickerItem = Readonly<Record<string, unknown>>;

interface PickerCommonProps<T extends PickerItem> extends ComboboxFieldProps {
  /** The list endpoint under /api/v1, e.g. `clients`, `suppliers/tags`. */
  object: string;
  /** The caller's query params; a change makes the next open refetch. */
  params?: PickerParams;
  /** @default 'id' */
  keyField?: string;
  /** @default 'name' */
  displayField?: string;
  /** An optional extra display field, shown right-aligned. */
  extraField?: string;
  /** Items already known for the current value, so no preload is needed to show their names. */
  initialItems?: readonly T[];
  /**
   * Preload by search: GET ?search=<text>&item=true when the value is empty; the first result is
   * taken as the value. Without it, a value whose item is unknown is preloaded by its key.
   */
  preloadSearch?: string;
  /** Params a preload carries too, e.g. `{ with_admins: true }` (see `buildPickerPreloadUrl`). */
  preloadParams?: PickerParams;
  fetcher?: PickerFetcher;
  apiBase?: string;
  /** @default 1000 (spec section 9) */
  debounceMs?: number;
}

export interface SinglePickerProps<T extends PickerItem = PickerItem>
  extends PickerCommonProps<T>,
    SingleChoiceProps<PickerKey, T> {}

export interface MultiPickerProps<T extends PickerItem = PickerItem>
  extends PickerCommonProps<T>,
    MultiChoiceProps<PickerKey, T> {}

export type PickerProps<T extends PickerItem = PickerItem> = SinglePickerProps<T> | MultiPickerProps<T>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const isEmptyKey = (v: unknown) => v === null || v === undefined || v === '';

/**
 * Spec 2.6 search-as-you-type picker with the API contract of section 7 "Picker lists": the list
 * is fetched on open (only if endpoint or params changed), the search is debounced, chosen items are
 * excluded, and unknown values are preloaded with `search` and `item=true`.
 */
export function Picker<T extends PickerItem>(props: PickerProps<T>) {
  const {
    object,
    params,
    keyField = 'id',
    displayField = 'name',
    extraField,
    initialItems,
    preloadSearch,
    preloadParams,
    fetcher: fetcherProp,
    apiBase,
    debounceMs,
    nothingFound = NOTHING_FOUND,
    readOnly,
  } = props;
  const fetcher = usePickerFetcher(fetcherProp);

  const keyOf = (item: T): string => text(item[keyField]);
  const selectedKeys: PickerKey[] = props.multiple
    ? [...(props.value ?? [])]
    : isEmptyKey(props.value)
      ? []
      : [props.value as PickerKey];
  const selectedKeyTexts = selectedKeys.map(String);

  // Every item seen (initial, listed, preloaded), so chosen keys can always be shown by name.
  const [known, setKnown] = useState<ReadonlyMap<string, T>>(
    () => new Map((initialItems ?? []).map((i) => [text(i[keyField]), i])),
  );
  const remember = (list: readonly T[]) => {
    if (list.length === 0) return;
    setKnown((prev) => {
      const next = new Map(prev);
      for (const i of list) next.set(text(i[keyField]), i);
      return next;
    });
  };

  const list = usePickerList<T>({
    object,
    params,
    fetcher,
    apiBase,
    keyField,
    displayField,
    excludeKeys: pickerExcludeKeys(!!props.multiple, selectedKeys),
    currentId: props.multiple ? null : (selectedKeys[0] ?? null),
    debounceMs,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: remember only reads the key field
  useEffect(() => remember(list.items), [list.items]);

  const emitSingle = (item: T | null) => {
    if (props.multiple) return;
    props.onChange(item ? (item[keyField] as PickerKey) : null, item);
  };
  const emitMulti = (keys: PickerKey[]) => {
    if (!props.multiple) return;
    props.onChange(
      keys,
      keys.map((k) => known.get(String(k))).filter((i): i is T => i !== undefined),
    );
  };

  // Preload (spec section 7): by search when asked and empty, else each chosen key not yet known.
  // Requests go once per key and are not aborted when the value changes mid-flight (nor by
  // StrictMode's double effects); an answer arriving after unmount is ignored.
  const requested = useRef(new Set<string>());
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const preloadKey = `${object}|${preloadSearch ?? ''}|${selectedKeyTexts.join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: preloadKey sums up object, value and search
  useEffect(() => {
    const init = { signal: new AbortController().signal };
    if (preloadSearch && selectedKeys.length === 0) {
      const tag = `search:${preloadSearch}`;
      if (!requested.current.has(tag)) {
        requested.current.add(tag);
        fetcher(buildPickerPreloadUrl(object, preloadSearch, apiBase, preloadParams), init).then((body) => {
          const first = readPickerItems(body, keyField, displayField)[0] as T | undefined;
          if (!first || !mounted.current) return;
          remember([first]);
          if (props.multiple) props.onChange([first[keyField] as PickerKey], [first]);
          else props.onChange(first[keyField] as PickerKey, first);
        }, swallow);
      }
    }
    for (const key of selectedKeyTexts) {
      if (known.has(key) || requested.current.has(key)) continue;
      requested.current.add(key);
      fetcher(buildPickerPreloadUrl(object, key, apiBase, preloadParams), init).then((body) => {
        const match = (readPickerItems(body, keyField, displayField) as T[]).find(
          (i) => text(i[keyField]) === key,
        );
        if (match && mounted.current) remember([match]);
      }, swallow);
    }
  }, [preloadKey]);

  const field = useComboboxField(props, {
    multiple: !!props.multiple,
    empty: selectedKeys.length === 0,
    onOpen: (combobox) => {
      list.onOpen();
      combobox.focusSearchInput();
    },
  });
  const { combobox } = field;

  // Chosen items leave the list at once (the server excludes them from the next request).
  const chosen = new Set(props.multiple ? selectedKeyTexts : []);
  let visible = list.items.filter((i) => !chosen.has(text(i[keyField])));
  // suppliers/tags comes whole, so its search happens here.
  if (takesNoParams(object) && list.search.trim()) {
    const needle = list.search.trim().toLocaleLowerCase();
    visible = visible.filter((i) => text(i[displayField]).toLocaleLowerCase().includes(needle));
  }

  const onOptionSubmit = (key: string) => {
    if (readOnly) return;
    const item = list.items.find((i) => keyOf(i) === key);
    if (!item) return;
    remember([item]);
    if (props.multiple) {
      if (!selectedKeyTexts.includes(key)) {
        const keys = [...selectedKeys, item[keyField] as PickerKey];
        props.onChange(keys, [
          ...selectedKeys.map((k) => known.get(String(k))).filter((i): i is T => !!i),
          item,
        ]);
      }
    } else {
      emitSingle(item);
      combobox.closeDropdown();
    }
  };

  const labelOf = (key: string) => {
    const item = known.get(key);
    return item ? text(item[displayField]) : key;
  };

  return (
    <ComboboxShell
      field={field}
      onOptionSubmit={onOptionSubmit}
      choice={
        props.multiple
          ? {
              multiple: true,
              pills: selectedKeyTexts.map((k) => ({ key: k, label: labelOf(k) })),
              onRemove: (key) => emitMulti(selectedKeys.filter((k) => String(k) !== key)),
            }
          : {
              multiple: false,
              selectedLabel: selectedKeyTexts[0] !== undefined ? labelOf(selectedKeyTexts[0]) : null,
              onClear: () => emitSingle(null),
            }
      }
      search={{ value: list.search, onChange: list.onSearchChange }}
      optionsProps={{ 'aria-busy': list.loading || undefined }}
    >
      {visible.map((item) => {
        const key = keyOf(item);
        return (
          <OptionRow
            key={key}
            value={key}
            label={text(item[displayField])}
            extra={extraField ? text(item[extraField]) || null : null}
            selected={selectedKeyTexts.includes(key)}
          />
        );
      })}
      {list.loading && visible.length === 0 && (
        <Group justify="center" p="xs">
          <Loader size="xs" aria-label="Loading" />
        </Group>
      )}
      {!list.loading && visible.length === 0 && (
        <Combobox.Empty>
          {list.failed ? <Text size="sm">Could not load the list</Text> : nothingFound}
        </Combobox.Empty>
      )}
    </ComboboxShell>
  );
}

// A failed preload leaves the key shown as it is; the list call reports its own failure.
const swallow = () => {};
