import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '../../ui/toasts/toast-store.ts';
import { fieldErrors, isHttpError } from '../http/http-error.ts';

/**
 * The server's field names the form shows: a list when they are named alike (`bank.iban` goes to
 * `bank` too), or a map from the server's name to the form's (`new_password` -> `password`).
 */
export type ServerFields = readonly string[] | Readonly<Record<string, string>>;

/** Puts one message under one of the form's fields; `first` is the field to focus. */
export type ShowFieldError = (field: string, message: string, first: boolean) => void;

/** The react-hook-form way to show a field message: as a 'server' error, the first one focused. */
export const setFormError =
  <T extends FieldValues>(setError: UseFormSetError<T>): ShowFieldError =>
  (field, message, first) =>
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: first });

/** `payment_terms_days` -> `Payment terms days`. */
export function humanizeField(field: string): string {
  const text = field.replace(/[._]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function formFieldOf(fields: ServerFields, serverField: string): string | null {
  const root = serverField.split('.')[0] ?? serverField;
  if (Array.isArray(fields)) {
    const names = fields as readonly string[];
    return names.includes(serverField) || names.includes(root) ? serverField : null;
  }
  const map = fields as Readonly<Record<string, string>>;
  if (map[serverField]) return map[serverField];
  return map[root] ? map[root] + serverField.slice(root.length) : null;
}

/**
 * A refused save's field messages, where they belong: each under its field (the field's label is
 * on the form), none in a toast. A message for a field the form does not have still toasts, named
 * by `labels` or by its words (spec 8: the errors object under the status). A 400 without field
 * messages was toasted by the HTTP layer already. Returns whether any field message came.
 *
 * The call must have been made with `fieldErrors: 'inline'`; without it the HTTP layer toasted
 * everything already and nothing more is toasted here.
 */
export function showServerFieldErrors(
  error: unknown,
  fields: ServerFields,
  show: ShowFieldError,
  labels: Readonly<Record<string, string>> = {},
): boolean {
  if (!isHttpError(error) || error.status !== 400) return false;
  const messages = Object.entries(fieldErrors(error));
  const leftover: string[] = [];
  let first = true;
  for (const [serverField, message] of messages) {
    const field = formFieldOf(fields, serverField);
    if (field) {
      show(field, message, first);
      first = false;
    } else {
      leftover.push(`${labels[serverField] ?? humanizeField(serverField)}: ${message}`);
    }
  }
  if (leftover.length > 0 && error.fieldErrorsInline) toast.error(leftover.join('; '), String(error.status));
  return messages.length > 0;
}
