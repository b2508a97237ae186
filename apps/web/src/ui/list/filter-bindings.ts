import type { ListStateApi } from './use-list-state.ts';

/** Multi-choice filters live in the URL as `a,b,c` (the API reads both that and repeated keys). */
export function multiFilter(list: ListStateApi, key: string) {
  const raw = list.state.filters[key];
  return {
    value: raw ? raw.split(',').filter(Boolean) : [],
    onChange: (values: (string | number)[]) => list.setFilter(key, values.map(String).join(',')),
  };
}

export function singleFilter(list: ListStateApi, key: string) {
  return {
    value: list.state.filters[key] ?? null,
    onChange: (value: string | number | null) => list.setFilter(key, value === null ? null : String(value)),
  };
}

/**
 * A date range kept in two parameters (`<from>` and `<to>`, `YYYY-MM-DD`, either may be absent),
 * as the API reads them; both ends change in one step.
 */
export function rangeFilter(list: ListStateApi, fromKey: string, toKey: string) {
  const day = (raw: string | undefined) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : null);
  return {
    value: [day(list.state.filters[fromKey]), day(list.state.filters[toKey])] as [
      string | null,
      string | null,
    ],
    onChange: ([from, to]: [string | null, string | null]) =>
      list.setFilters({ [fromKey]: from, [toKey]: to }),
  };
}

/** A filter holding one record id (pickers): numbers in, text in the URL. */
export function idFilter(list: ListStateApi, key: string) {
  const raw = list.state.filters[key];
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return {
    value: id,
    onChange: (value: string | number | null) => list.setFilter(key, value === null ? null : String(value)),
  };
}

/** A yes-or-nothing filter (a checkbox or a switch): `true` in the URL when on, absent when off. */
export function flagFilter(list: ListStateApi, key: string) {
  return {
    checked: list.state.filters[key] === 'true',
    onChange: (event: { currentTarget: { checked: boolean } }) =>
      list.setFilter(key, event.currentTarget.checked ? 'true' : null),
  };
}
