import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorDetail, fieldErrors, isHttpError } from '../../../../lib/http/http-error.ts';

export type ServerErrorOutcome =
  /** 400 with messages: the fields show theirs; `message` is what no field could show. */
  | { kind: 'fields'; message: string | null }
  /** 409: someone else saved the record since it was loaded. */
  | { kind: 'stale' }
  /** Anything else: the HTTP client has already shown its toast (spec 8). */
  | { kind: 'other'; message: string | null };

export const STALE_MESSAGE =
  'This record was changed by someone else while you were editing it. Reload it to see the latest version, then make your changes again.';

/**
 * Puts a 400 `{errors: {field: [msg]}}` onto the form's own fields (`bank_details.iban` works as a
 * path too). Messages for fields the form does not show are kept, with the `detail`, for a banner.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly string[],
): ServerErrorOutcome {
  if (!isHttpError(error)) return { kind: 'other', message: null };
  if (error.status === 409) return { kind: 'stale' };
  if (error.status !== 400) return { kind: 'other', message: errorDetail(error) };

  const known = new Set(formFields);
  const leftover: string[] = [];
  let first = true;
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    const root = field.split('.')[0] ?? field;
    if (known.has(field) || known.has(root)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else {
      leftover.push(`${humanize(field)}: ${message}`);
    }
  }
  const detail = errorDetail(error);
  const message = [detail, ...leftover].filter(Boolean).join(' ');
  return { kind: 'fields', message: message || null };
}

/** `payment_terms_days` -> `Payment terms days`. */
export function humanize(field: string): string {
  const text = field.replace(/[._]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
