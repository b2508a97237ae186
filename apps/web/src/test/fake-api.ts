import { vi } from 'vitest';

/** One call the code under test made: method, path with its query, and the body (JSON parsed). */
export interface ApiCall {
  method: string;
  /** Path and query, without the origin: `/api/v1/clients/?limit=20&offset=0`. */
  url: string;
  /** The parsed JSON body; a body that is not JSON (FormData, text) is kept as sent. */
  body: unknown;
}

/** What a fake route answers: a ready Response (`json(...)`), or a status and a JSON body. */
export type ApiAnswer = Response | { status?: number; body?: unknown };

/** A route function answers the calls it knows and returns undefined for the rest. */
export type ApiRoute = (call: ApiCall) => ApiAnswer | undefined | Promise<ApiAnswer | undefined>;

/** Handlers keyed `METHOD /api/v1/path/` (no query). */
export type ApiHandlers = Record<string, (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>>;

export const json = (status: number, body: unknown): Response =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** A page of a list as the API answers it. */
export const listOf = <T>(data: T[], total = data.length) => ({
  body: { data, meta: { total, limit: 20, offset: 0 } },
});

/** `GET /api/v1/clients/` of a call: its method and path, the key of `ApiHandlers`. */
export const routeKey = (call: ApiCall) => `${call.method} ${call.url.split('?')[0]}`;

/** The query string of a call. */
export const queryOf = (call: ApiCall | undefined) => new URLSearchParams(call?.url.split('?')[1] ?? '');

function readBody(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Replaces `fetch` with a fake API. Each call goes to the first route that answers: a map of
 * handlers keyed `METHOD /api/v1/path/`, or a route function. A call nobody answers gets a 404, so
 * a test notices it. Every call is recorded.
 */
export function fakeApi(...routes: (ApiHandlers | ApiRoute)[]) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = raw.replace(/^https?:\/\/[^/]+/, '');
    const call: ApiCall = { method: (init?.method ?? 'GET').toUpperCase(), url, body: readBody(init?.body) };
    calls.push(call);
    for (const route of routes) {
      const answer = typeof route === 'function' ? await route(call) : await route[routeKey(call)]?.(call);
      if (answer instanceof Response) return answer;
      if (answer) return json(answer.status ?? 200, answer.body ?? null);
    }
    return json(404, { errors: { detail: `No fake route for ${call.method} ${url}` } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Calls to one path, e.g. `GET /api/v1/clients/`. */
    callsTo: (key: string) => calls.filter((call) => routeKey(call) === key),
  };
}
