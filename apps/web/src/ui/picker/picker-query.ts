/**
 * The picker's API contract (spec section 7 "Picker lists", section 9). Kept pure so the exact
 * query strings are tested without rendering.
 */

export const PICKER_API_BASE = '/api/v1';
export const PICKER_PAGE_SIZE = 20;
export const PICKER_SEARCH_DEBOUNCE_MS = 1000;

/** Lists read whole: no `limit`. */
const WITHOUT_LIMIT = new Set(['suppliers', 'supplier_types', 'currencies']);
/** Objects whose list is told the current value's id. */
const WITH_ID = new Set(['suppliers', 'clients']);
/** Objects that take no `exclude`. */
const WITHOUT_EXCLUDE = new Set(['currencies']);
/** Objects requested without any query parameter. */
const WITHOUT_PARAMS = new Set(['suppliers/tags']);

export type PickerKey = string | number;
export type PickerParamValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type PickerParams = Readonly<Record<string, PickerParamValue>>;

/** `suppliers/tags` is fetched bare; the widget then filters it by the search text itself. */
export const takesNoParams = (object: string): boolean => WITHOUT_PARAMS.has(trimSlashes(object));

const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');

/** Search text with a leading space is trimmed (spec 5); inner and trailing text stay as typed. */
export const normalizeSearch = (text: string): string => text.replace(/^\s+/, '');

// Commas stay readable (`exclude=1,2,3`); they are legal in a query string.
const encode = (v: string) => encodeURIComponent(v).replace(/%2C/gi, ',');

function toQuery(entries: [string, string][]): string {
  return entries.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
}

function paramEntries(params: PickerParams | undefined): [string, string][] {
  if (!params) return [];
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(params)) {
    if (v === null || v === undefined || v === '') continue;
    out.push([k, Array.isArray(v) ? v.join(',') : String(v)]);
  }
  return out;
}

export const objectPath = (object: string, apiBase = PICKER_API_BASE): string =>
  `${apiBase.replace(/\/+$/, '')}/${trimSlashes(object)}/`;

export interface PickerListRequest {
  object: string;
  /** The caller's params. */
  params?: PickerParams;
  /** Keys of the items already chosen (sent as `exclude`). */
  excludeKeys?: readonly PickerKey[];
  search?: string;
  /** The current value's id (sent for suppliers and clients). */
  currentId?: PickerKey | null;
  /** The display field; currencies are also filtered by it (`named=<search>`). */
  displayField?: string;
  apiBase?: string;
}

/**
 * GET {api}/{object}/ with, in order: limit=20 (not for suppliers, supplier_types, currencies),
 * list=true, the caller's params, exclude=keys (not for currencies; only when something is chosen),
 * search=<text> (only when typed), id=<current id> (suppliers and clients, when set) and, for
 * currencies, the display field holding the search text. suppliers/tags goes without any params.
 */
export function buildPickerListUrl(req: PickerListRequest): string {
  const object = trimSlashes(req.object);
  const path = objectPath(object, req.apiBase);
  if (WITHOUT_PARAMS.has(object)) return path;

  const entries: [string, string][] = [];
  if (!WITHOUT_LIMIT.has(object)) entries.push(['limit', String(PICKER_PAGE_SIZE)]);
  entries.push(['list', 'true']);
  entries.push(...paramEntries(req.params));
  if (!WITHOUT_EXCLUDE.has(object) && req.excludeKeys && req.excludeKeys.length > 0) {
    entries.push(['exclude', req.excludeKeys.map(String).join(',')]);
  }
  const search = normalizeSearch(req.search ?? '');
  if (search) entries.push(['search', search]);
  if (WITH_ID.has(object) && req.currentId !== null && req.currentId !== undefined && req.currentId !== '') {
    entries.push(['id', String(req.currentId)]);
  }
  if (object === 'currencies' && req.displayField && search) entries.push([req.displayField, search]);
  return `${path}?${toQuery(entries)}`;
}

/**
 * Preload: GET {api}/{object}/?search=<text>&item=true, then the caller's `preloadParams` (only
 * those that widen the list, such as `with_admins=true`: the caller's `params` are not sent, so a
 * current value outside them is still found).
 */
export function buildPickerPreloadUrl(
  object: string,
  search: string | number,
  apiBase?: string,
  preloadParams?: PickerParams,
): string {
  return `${objectPath(object, apiBase)}?${toQuery([
    ['search', String(search)],
    ['item', 'true'],
    ...paramEntries(preloadParams),
  ])}`;
}

/**
 * Identity of a list request for "fetched only if the endpoint or params changed": the endpoint
 * and the caller's params, independent of key order.
 */
export function listIdentity(object: string, params: PickerParams | undefined): string {
  const sorted = paramEntries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${trimSlashes(object)}?${toQuery(sorted)}`;
}

/** Reads the array under `data` (spec: "The response field data holds the array"). */
export function readItems<T>(body: unknown): T[] {
  if (body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data)) {
    return (body as { data: T[] }).data;
  }
  return [];
}

/**
 * The picker's items from an answer: records are kept as they are; a bare value (`suppliers/tags`
 * answers `{ data: ["VIP", "Yachts"] }`) becomes a record whose key and label are that value.
 * Anything else (null, nested arrays) is dropped.
 */
export function readPickerItems(
  body: unknown,
  keyField: string,
  displayField: string,
): Readonly<Record<string, unknown>>[] {
  const out: Readonly<Record<string, unknown>>[] = [];
  for (const raw of readItems<unknown>(body)) {
    if (typeof raw === 'string' || typeof raw === 'number')
      out.push({ [keyField]: raw, [displayField]: raw });
    else if (raw && typeof raw === 'object' && !Array.isArray(raw)) out.push(raw as Record<string, unknown>);
  }
  return out;
}

/**
 * The keys sent as `exclude` (spec 7: "comma-separated keys of the selected items"). Only multi
 * choice sends them: there a chosen item is shown as a pill and leaves the list. A single choice
 * sends none, so its current item stays in the list the person is looking at (and is marked
 * there); suppliers and clients are told that value as `id` instead.
 */
export function pickerExcludeKeys(multiple: boolean, selected: readonly PickerKey[]): readonly PickerKey[] {
  return multiple ? selected : [];
}
