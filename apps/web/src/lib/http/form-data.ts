/**
 * The form-data helper of spec 7: dates become a UTC date-time string, files are attached, and
 * nested objects and arrays use bracketed keys (`items[0][name]`). `undefined` is left out and
 * `null` is sent as an empty value so a field can be cleared.
 */
export function toFormData(value: Record<string, unknown>, form: FormData = new FormData()): FormData {
  for (const [key, entry] of Object.entries(value)) append(form, key, entry);
  return form;
}

function append(form: FormData, key: string, value: unknown): void {
  if (value === undefined) return;
  if (value === null) {
    form.append(key, '');
  } else if (value instanceof Date) {
    form.append(key, value.toISOString());
  } else if (typeof File !== 'undefined' && value instanceof File) {
    form.append(key, value, value.name);
  } else if (value instanceof Blob) {
    form.append(key, value);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      append(form, `${key}[${index}]`, item);
    });
  } else if (typeof value === 'object') {
    for (const [child, item] of Object.entries(value as Record<string, unknown>)) {
      append(form, `${key}[${child}]`, item);
    }
  } else {
    form.append(key, String(value));
  }
}
