/**
 * Spec section 8 as a pure function: which toasts an HTTP failure shows.
 * Statuses the spec does not list (401, 404, 409, 413, 429...) show nothing here; the caller
 * that made the call decides (a form shows it inline, a 401 signs the user out).
 */
export interface ErrorToast {
  title: string;
  message: string;
}

export interface FailedCall {
  status: number;
  url: string;
  body: unknown;
  /** The generic HTTP message, used when nothing better is in the body. */
  message: string;
}

export const FORBIDDEN_TOAST: ErrorToast = { title: '403 error', message: 'Access forbidden!' };
export const SERVER_ERROR_TOAST: ErrorToast = {
  title: '500 error',
  message: 'Something went wrong. Try again or contact us.',
};

/** Chat channel calls handle their own 403 (spec 8: "except on channel URLs"). */
export function isChannelUrl(url: string): boolean {
  return /\/chat\/channels(\/|\?|$)/.test(url);
}

export function errorToToasts(call: FailedCall): ErrorToast[] {
  switch (call.status) {
    case 400:
      return badRequestToasts(call);
    case 403:
      return isChannelUrl(call.url) ? [] : [FORBIDDEN_TOAST];
    case 500:
      return [SERVER_ERROR_TOAST];
    default:
      return [];
  }
}

/** 'over_allocation' -> 'Over allocation': underscores become spaces, first letter capitalised. */
export function codeTitle(code: string): string {
  const spaced = code.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasCode(value: unknown): value is { code: string; detail?: unknown } {
  return isRecord(value) && typeof value.code === 'string';
}

function badRequestToasts(call: FailedCall): ErrorToast[] {
  const errors = isRecord(call.body) ? call.body.errors : undefined;
  if (errors === undefined || errors === null) {
    // no errors object at all: the raw error under 'Data error'
    return [{ title: 'Data error', message: rawText(call.body) || call.message }];
  }
  const detail = isRecord(errors) ? errors.detail : undefined;
  let shown: unknown;
  if (Array.isArray(detail) && detail.length > 0) shown = detail[0];
  else if (detail !== undefined) shown = detail;
  else shown = errors;
  return describe(shown, call);
}

function describe(value: unknown, call: FailedCall): ErrorToast[] {
  if (Array.isArray(value) && value.length > 0 && value.every(hasCode)) {
    return value.map(codeToast);
  }
  if (hasCode(value)) return [codeToast(value)];
  if (typeof value === 'string') return [{ title: 'Request error', message: value }];
  return [{ title: String(call.status), message: fieldSummary(value) || call.message }];
}

function codeToast(item: { code: string; detail?: unknown }): ErrorToast {
  return { title: codeTitle(item.code), message: typeof item.detail === 'string' ? item.detail : '' };
}

/** `{name: ['Required field']}` -> 'name: Required field', so the person sees what to fix. */
function fieldSummary(value: unknown): string {
  if (!isRecord(value)) return '';
  return Object.entries(value)
    .map(([field, messages]) => {
      const list = Array.isArray(messages) ? messages : [messages];
      const text = list.filter((m): m is string => typeof m === 'string').join(', ');
      return text ? `${field}: ${text}` : '';
    })
    .filter(Boolean)
    .join('; ');
}

function rawText(body: unknown): string {
  if (body === null || body === undefined) return '';
  if (typeof body === 'string') return body;
  try {
    return JSON.stringify(body);
  } catch {
    return String(body);
  }
}
