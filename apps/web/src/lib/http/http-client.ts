import { toast } from '../../ui/toasts/toast-store.ts';
import { getAccessToken } from '../session/access-token.ts';
import { errorToToasts } from './error-toast.ts';
import { toFormData } from './form-data.ts';
import { HttpError, hasFieldErrors } from './http-error.ts';
import { IGNORE_LOADING_HEADER, loadingCounter } from './loading-counter.ts';
import { readCookie, XSRF_COOKIE, XSRF_HEADER } from './xsrf.ts';

/** Spec 9: every product call goes under this base. */
export const API_BASE = '/api/v1';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** JSON-encoded by default; a FormData goes as is. */
  body?: unknown;
  /** Send `body` through the form-data helper of spec 7 (multipart) instead of JSON. */
  formData?: boolean;
  headers?: Record<string, string>;
  /** Do not drive the loading bar (same as sending the ignore header). */
  ignoreLoading?: boolean;
  /** No error toast for these statuses (or any status with `true`): the caller shows it itself. */
  quiet?: boolean | readonly number[];
  /**
   * 'inline': the caller is a form that shows a 400's field messages under its fields
   * (showServerFieldErrors), so such a 400 shows no toast here; its `detail` only sums the fields
   * up. A 400 without field messages still toasts as spec 8 says.
   */
  fieldErrors?: 'inline';
  /** Do not sign the user out on 401 (the session check and logout handle that themselves). */
  skipAuthRedirect?: boolean;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let unauthorizedHandler: (() => void) | null = null;

/** The app decides what a 401 means (sign out); the client only reports it. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

function isAbsolute(url: string): boolean {
  return /^([a-z][a-z\d+.-]*:)?\/\//i.test(url);
}

/** 'users/me/' -> '/api/v1/users/me/'; '/api/...' and absolute URLs are kept. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  let url = isAbsolute(path) || path.startsWith('/api/') ? path : `${API_BASE}/${path.replace(/^\/+/, '')}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      // empty values are dropped rather than sent as `key=`
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const qs = search.toString();
  if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  return url;
}

function buildHeaders(method: Method, url: string, options: RequestOptions): Headers {
  const headers = new Headers(options.headers);
  headers.delete(IGNORE_LOADING_HEADER);
  headers.set('Accept', 'application/json');
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Token ${token}`);
  if (method !== 'GET' && !isAbsolute(url)) {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
  return headers;
}

function buildBody(options: RequestOptions, headers: Headers): BodyInit | undefined {
  const { body } = options;
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  if (options.formData) return toFormData(body as Record<string, unknown>);
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  if ((response.headers.get('Content-Type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function isQuiet(options: RequestOptions, status: number): boolean {
  const { quiet } = options;
  return quiet === true || (Array.isArray(quiet) && quiet.includes(status));
}

function report(error: HttpError, options: RequestOptions): void {
  if (error.status === 401 && !options.skipAuthRedirect) unauthorizedHandler?.();
  if (isQuiet(options, error.status)) return;
  if (error.fieldErrorsInline && hasFieldErrors(error)) return;
  for (const item of errorToToasts(error)) toast.error(item.message, item.title);
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const url = apiUrl(path, options.query);
  const ignoreLoading =
    options.ignoreLoading === true ||
    Object.keys(options.headers ?? {}).some((h) => h.toLowerCase() === IGNORE_LOADING_HEADER.toLowerCase());
  const stop = ignoreLoading ? () => {} : loadingCounter.start();
  try {
    const headers = buildHeaders(method, url, options);
    const body = buildBody(options, headers);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body,
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      const error = new HttpError(0, 'Network error', url, null);
      report(error, options);
      throw error;
    }
    const data = await readBody(response);
    if (!response.ok) {
      const error = new HttpError(
        response.status,
        response.statusText,
        url,
        data,
        options.fieldErrors === 'inline',
      );
      report(error, options);
      throw error;
    }
    return data as T;
  } finally {
    stop();
  }
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
