/** A failed HTTP call: status 0 means the network failed before any answer. */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly url: string,
    /** Parsed JSON body when the answer was JSON, the text otherwise, null when empty. */
    readonly body: unknown,
    /**
     * The call was made for a form that shows a 400's field messages under its fields (the
     * `fieldErrors: 'inline'` request option): no toast was shown for them, and the form toasts
     * only those it has no field for (lib/forms/server-field-errors.ts).
     */
    readonly fieldErrorsInline = false,
  ) {
    super(`Http failure response for ${url}: ${status} ${statusText}`.trim());
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** The first `errors.detail` message of an error body (API.md shapes), if any. */
export function errorDetail(error: unknown): string | null {
  if (!isHttpError(error)) return null;
  const body = error.body as { errors?: unknown } | null;
  const errors = body && typeof body === 'object' ? body.errors : undefined;
  if (Array.isArray(errors)) {
    const first = errors[0] as { detail?: unknown } | undefined;
    return typeof first?.detail === 'string' ? first.detail : null;
  }
  if (errors && typeof errors === 'object') {
    const detail = (errors as { detail?: unknown }).detail;
    if (Array.isArray(detail) && typeof detail[0] === 'string') return detail[0];
    if (typeof detail === 'string') return detail;
  }
  return null;
}

/** Whether a 400 carries messages about fields (beyond `detail`), which a form can show under them. */
export function hasFieldErrors(error: unknown): boolean {
  return isHttpError(error) && error.status === 400 && Object.keys(fieldErrors(error)).length > 0;
}

/** Field messages of a 400 validation body: `{errors: {field: ['msg']}}` -> `{field: 'msg'}`. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isHttpError(error)) return out;
  const body = error.body as { errors?: unknown } | null;
  const errors = body && typeof body === 'object' ? body.errors : undefined;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return out;
  for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
    if (field === 'detail') continue;
    const message = Array.isArray(value) ? value[0] : value;
    if (typeof message === 'string') out[field] = message;
  }
  return out;
}
