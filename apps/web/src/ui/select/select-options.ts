/** Pure shaping of select data (spec 2.6 and section 3 "Picker items"). */

export type OptionValue = string | number;

/** An item is a record read through the configured fields, or a plain string (value = label). */
export type SelectItem = Readonly<Record<string, unknown>> | string;

/** Grouped data: groups have a title and children (spec section 3). */
export interface SelectGroup<T extends SelectItem = SelectItem> {
  title: string;
  children: readonly T[];
}

export interface OptionFields {
  /** @default 'named' */
  displayField?: string;
  /** @default 'value' */
  valueField?: string;
  /** Shown right-aligned next to the label. */
  extraField?: string;
}

export interface NormalizedOption<T extends SelectItem = SelectItem> {
  /** String form of the value: the Combobox option value and the query-string form. */
  key: string;
  value: OptionValue;
  label: string;
  extra: string | null;
  item: T;
}

export interface NormalizedGroup<T extends SelectItem = SelectItem> {
  title: string;
  options: NormalizedOption<T>[];
}

export const DEFAULT_DISPLAY_FIELD = 'named';
export const DEFAULT_VALUE_FIELD = 'value';

export const isGroupedData = <T extends SelectItem>(
  data: readonly T[] | readonly SelectGroup<T>[],
): data is readonly SelectGroup<T>[] =>
  data.length > 0 &&
  typeof data[0] === 'object' &&
  data[0] !== null &&
  'children' in data[0] &&
  'title' in data[0];

const asText = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export function toOption<T extends SelectItem>(item: T, fields: OptionFields = {}): NormalizedOption<T> {
  if (typeof item === 'string') return { key: item, value: item, label: item, extra: null, item };
  const record = item as Readonly<Record<string, unknown>>;
  const raw = record[fields.valueField ?? DEFAULT_VALUE_FIELD];
  const value: OptionValue = typeof raw === 'number' ? raw : asText(raw);
  const extraRaw = fields.extraField ? record[fields.extraField] : undefined;
  return {
    key: String(value),
    value,
    label: asText(record[fields.displayField ?? DEFAULT_DISPLAY_FIELD]),
    extra: extraRaw === undefined || extraRaw === null || extraRaw === '' ? null : asText(extraRaw),
    item,
  };
}

/** Groups (possibly a single untitled one) and the flat list of every option. */
export function normalizeData<T extends SelectItem>(
  data: readonly T[] | readonly SelectGroup<T>[],
  fields: OptionFields = {},
): { grouped: boolean; groups: NormalizedGroup<T>[]; options: NormalizedOption<T>[] } {
  if (isGroupedData(data)) {
    const groups = data.map((g) => ({ title: g.title, options: g.children.map((c) => toOption(c, fields)) }));
    return { grouped: true, groups, options: groups.flatMap((g) => g.options) };
  }
  const options = (data as readonly T[]).map((item) => toOption(item, fields));
  return { grouped: false, groups: [{ title: '', options }], options };
}

/** Case-insensitive match on the label ("filters items by name"). */
export function matchesSearch(option: NormalizedOption, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  return needle === '' || option.label.toLocaleLowerCase().includes(needle);
}

/** Filters every group and drops the groups left empty. */
export function filterGroups<T extends SelectItem>(
  groups: NormalizedGroup<T>[],
  search: string,
): NormalizedGroup<T>[] {
  return groups
    .map((g) => ({ title: g.title, options: g.options.filter((o) => matchesSearch(o, search)) }))
    .filter((g) => g.options.length > 0);
}

/** Maps query-string texts to the options they name, keeping the options' own value types. */
export function optionsForKeys<T extends SelectItem>(
  options: NormalizedOption<T>[],
  keys: readonly string[],
): NormalizedOption<T>[] {
  const byKey = new Map(options.map((o) => [o.key, o]));
  return keys.map((k) => byKey.get(k)).filter((o): o is NormalizedOption<T> => o !== undefined);
}

/** Adds or removes one value, keeping the order of selection. */
export function toggleValue(values: readonly OptionValue[], value: OptionValue): OptionValue[] {
  const key = String(value);
  return values.some((v) => String(v) === key) ? values.filter((v) => String(v) !== key) : [...values, value];
}

/** Selects every option of a group, or removes them all when all were selected already. */
export function toggleGroup(values: readonly OptionValue[], group: NormalizedGroup): OptionValue[] {
  const selected = new Set(values.map(String));
  const allIn = group.options.every((o) => selected.has(o.key));
  if (allIn) {
    const groupKeys = new Set(group.options.map((o) => o.key));
    return values.filter((v) => !groupKeys.has(String(v)));
  }
  return [...values, ...group.options.filter((o) => !selected.has(o.key)).map((o) => o.value)];
}
