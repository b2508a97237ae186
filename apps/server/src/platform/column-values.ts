/** Blank optional text is stored as null, so "no value" has one spelling. */
export const blank = <T>(v: T | '' | undefined): T | null | undefined => (v === '' ? null : v);

/**
 * Request fields to columns keeps only the fields present: an update sends some, and a field
 * left out must not overwrite the stored value.
 */
export function presentOnly<T extends Record<string, unknown>>(
  values: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
