import { createHash } from 'node:crypto';

/**
 * The shape of a call to Xero's Accounting API as the sync code sees it (decision 0015). The client
 * (`xero-client.ts`) adds the bearer token and tenant, refreshes an expiring token, keeps to
 * Xero's limits and waits out a 429; the sync code only says what to call.
 */
export interface XeroRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under the API base: `/api.xro/2.0/Contacts`. */
  path: string;
  query?: Record<string, string>;
  /**
   * JSON body. A string is sent as it is: money goes to Xero as JSON numbers written from the
   * decimal strings (`xeroJson`), never through a JavaScript float.
   */
  body?: unknown;
  /** Sent as `If-Modified-Since` (Xero answers only records changed after it). */
  ifModifiedSince?: Date;
}

export interface XeroResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface XeroClient {
  /** Throws `XeroApiError` for an answer other than 2xx (after the 401 refresh and 429 waits). */
  request<T = unknown>(req: XeroRequest): Promise<XeroResponse<T>>;
}

/** Xero refused a call: its status and body, and the messages a person can act on. */
export class XeroApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message = xeroErrorMessage(status, body),
  ) {
    super(message);
    this.name = 'XeroApiError';
  }
}

/** The product is not connected to Xero (never was, or was disconnected, or the grant was revoked). */
export class XeroNotConnectedError extends Error {
  constructor(message = 'Not connected to Xero. Connect again from the accounting-service menu.') {
    super(message);
    this.name = 'XeroNotConnectedError';
  }
}

type ValidationElement = { ValidationErrors?: Array<{ Message?: string }> };

/** Every `ValidationErrors[].Message` of a Xero `ValidationException` body (or of one element). */
export function validationMessages(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const b = body as { Elements?: ValidationElement[]; ValidationErrors?: Array<{ Message?: string }> };
  const own = (b.ValidationErrors ?? []).map((e) => e.Message ?? '').filter(Boolean);
  const nested = (b.Elements ?? []).flatMap((e) =>
    (e.ValidationErrors ?? []).map((v) => v.Message ?? '').filter(Boolean),
  );
  return [...own, ...nested];
}

export function xeroErrorMessage(status: number, body: unknown): string {
  const messages = validationMessages(body);
  if (messages.length) return messages.join('; ');
  if (body && typeof body === 'object') {
    const b = body as { Message?: string; Detail?: string; Title?: string };
    const text = b.Message ?? b.Detail ?? b.Title;
    if (text) return `Xero answered ${status}: ${text}`;
  }
  return `Xero answered ${status}`;
}

/**
 * JSON for Xero with exact amounts: a value wrapped in `XeroDecimal` is written as a bare JSON
 * number from its decimal string (`"1234.50"` -> `1234.50`), never through a JavaScript float.
 */
export class XeroDecimal {
  constructor(readonly value: string) {
    if (!/^-?\d+(\.\d+)?$/.test(value)) throw new Error(`Not a decimal: ${value}`);
  }
}

export function xeroJson(value: unknown): string {
  const marks: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof XeroDecimal) {
      marks.push(v.value);
      return `\u0000dec${marks.length - 1}\u0000`;
    }
    return v;
  });
  return text.replace(/"\\u0000dec(\d+)\\u0000"/g, (_m, i: string) => marks[Number(i)] as string);
}

/** Xero's `/Date(1700000000000+0000)/` (or an ISO date-time) as a Date; null when absent. */
export function parseXeroDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const wcf = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value);
  if (wcf) return new Date(Number(wcf[1]));
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** The hash of what would be sent to Xero: equal to a record's stored one means Xero has it already. */
export function xeroFingerprint(element: unknown): string {
  return createHash('sha256').update(xeroJson(element)).digest('hex');
}
