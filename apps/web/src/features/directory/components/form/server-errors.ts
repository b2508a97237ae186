import type { FieldValues, UseFormSetError } from 'react-hook-form';
import {
  humanizeField,
  setFormError,
  showServerFieldErrors,
} from '../../../../lib/forms/server-field-errors.ts';
import { errorDetail, isHttpError } from '../../../../lib/http/http-error.ts';

export type ServerErrorOutcome =
  /** 400: the fields show their messages; what no field could show was toasted (spec 8). */
  | { kind: 'fields' }
  /** 409: someone else saved the record since it was loaded. */
  | { kind: 'stale' }
  /** Anything else: the HTTP client has already shown its toast (spec 8). */
  | { kind: 'other'; message: string | null };

/** `payment_terms_days` -> `Payment terms days` (history and import reports use it too). */
export const humanize = humanizeField;

export const STALE_MESSAGE =
  'This record was changed by someone else while you were editing it. Reload it to see the latest version, then make your changes again.';

/**
 * Puts a 400 `{errors: {field: [msg]}}` onto the form's own fields (`bank_details.iban` works as a
 * path too), with no toast repeating them; a message for a field the form does not show is
 * toasted, and a 400 without fields was toasted by the HTTP layer (the record APIs ask for
 * `fieldErrors: 'inline'`).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly string[],
): ServerErrorOutcome {
  if (!isHttpError(error)) return { kind: 'other', message: null };
  if (error.status === 409) return { kind: 'stale' };
  if (error.status !== 400) return { kind: 'other', message: errorDetail(error) };
  showServerFieldErrors(error, formFields, setFormError(setError));
  return { kind: 'fields' };
}
