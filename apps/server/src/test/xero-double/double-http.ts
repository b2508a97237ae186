import type { IncomingHttpHeaders } from 'node:http';
import type { XeroDoubleState } from './double-state.ts';

export interface DoubleRequest {
  method: string;
  /** The path without the query, e.g. `/api/api.xro/2.0/Contacts/abc`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** JSON or form body, parsed by its content type; null when empty. */
  body: unknown;
  /** Set by `requireApi` for accounting calls. */
  tenantId: string | null;
}

export interface DoubleResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type DoubleHandler = (
  req: DoubleRequest,
  state: XeroDoubleState,
) => DoubleResponse | Promise<DoubleResponse>;

export interface DoubleRoute {
  method: string;
  /** `/api/api.xro/2.0/Contacts/:id`: `:name` matches one path segment. */
  pattern: string;
  /** Accounting API routes need a valid bearer token and a connected `xero-tenant-id`, and count against the limits. */
  api?: 'accounting' | 'connections';
  handler: DoubleHandler;
}

export function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const a = path.replace(/\/+$/, '').split('/');
  if (p.length !== a.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i] as string;
    const val = a[i] as string;
    if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(val);
    else if (seg.toLowerCase() !== val.toLowerCase()) return null;
  }
  return params;
}

/** Xero's 401 for a missing, unknown or expired access token. */
export function unauthorized(detail: string): DoubleResponse {
  return {
    status: 401,
    headers: { 'www-authenticate': `Bearer error="invalid_token", error_description="${detail}"` },
    body: { Type: null, Title: 'Unauthorized', Status: 401, Detail: detail, Instance: null },
  };
}

/** Xero's 403 when the token does not reach the tenant asked for. */
export function forbidden(detail: string): DoubleResponse {
  return {
    status: 403,
    body: { Type: null, Title: 'Forbidden', Status: 403, Detail: detail, Instance: null },
  };
}

/**
 * Xero's 400 for a request it could not accept as a whole: `ValidationException` with the
 * elements and their `ValidationErrors` (the Accounting API's `Error` schema).
 */
export function validationException(
  elements: Array<Record<string, unknown>>,
  message = 'A validation exception occurred',
): DoubleResponse {
  return {
    status: 400,
    body: { ErrorNumber: 10, Type: 'ValidationException', Message: message, Elements: elements },
  };
}

export function notFound(message = "The resource you're looking for cannot be found"): DoubleResponse {
  return { status: 404, body: { Title: 'Not Found', Status: 404, Detail: message } };
}
