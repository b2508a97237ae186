import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { contactRoutes } from './contacts.ts';
import {
  type DoubleRequest,
  type DoubleResponse,
  type DoubleRoute,
  forbidden,
  matchRoute,
  notFound,
  unauthorized,
} from './double-http.ts';
import { createDoubleState, type XeroDoubleState } from './double-state.ts';
import { invoiceRoutes } from './invoices.ts';
import { oauthRoutes } from './oauth.ts';

export type { XeroDoubleState } from './double-state.ts';

/**
 * A local server that behaves like Xero where this product depends on it (issue 15): the consent
 * page and token endpoints of Xero's identity service, `connections`, and the Accounting API's
 * Contacts, Invoices and Payments, with Xero's limits (60 calls a minute and 5 at once per tenant,
 * 429 with `Retry-After`) and Xero's error shapes. Built from Xero's public OpenAPI description
 * (xero_accounting.yaml, xero-identity.yaml). Tests start one per file; `XERO_FAKE=1` starts one
 * beside `npm run dev`.
 *
 * Paths: login `${url}/login` (`/identity/connect/authorize`), identity `${url}/identity`
 * (`/connect/token`, `/connect/revocation`), API `${url}/api` (`/connections`, `/api.xro/2.0/...`).
 */
export interface XeroDouble {
  url: string;
  state: XeroDoubleState;
  /** The environment that points the app at this double (pass to `createTestContext`). */
  env: {
    XERO_CLIENT_ID: string;
    XERO_CLIENT_SECRET: string;
    XERO_LOGIN_URL: string;
    XERO_IDENTITY_URL: string;
    XERO_API_URL: string;
  };
  close(): Promise<void>;
}

export interface XeroDoubleOptions {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  accessTokenSeconds?: number;
  tenantName?: string;
}

const MINUTE_MS = 60_000;

function parseBody(req: IncomingMessage, raw: string): unknown {
  if (!raw) return null;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The checks Xero makes before an Accounting API call runs: the bearer token, then the tenant. */
function authorize(
  req: DoubleRequest,
  state: XeroDoubleState,
  kind: 'accounting' | 'connections',
): DoubleResponse | null {
  const header = req.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  const access = state.accessTokens.get(token);
  if (!access) return unauthorized('AuthenticationUnsuccessful');
  if (access.expiresAt <= state.clock.now())
    return unauthorized(`TokenExpired: token expired at ${new Date(access.expiresAt).toUTCString()}`);
  if (kind === 'connections') return null;
  const tenantId = String(req.headers['xero-tenant-id'] ?? '');
  if (!tenantId) return forbidden('Xero-Tenant-Id header is missing');
  if (!state.connections.some((c) => c.tenantId === tenantId && c.grantId === access.grantId))
    return forbidden('AuthorizationUnsuccessful');
  req.tenantId = tenantId;
  return null;
}

/** Xero's limits per tenant: 429 with `Retry-After` and `X-Rate-Limit-Problem`, or null to go on. */
function rateLimit(state: XeroDoubleState, tenantId: string): DoubleResponse | null {
  const now = state.clock.now();
  const tooMany = (problem: string, retryAfter: number): DoubleResponse => ({
    status: 429,
    headers: { 'retry-after': String(retryAfter), 'x-rate-limit-problem': problem },
    body: { Title: 'Too Many Requests', Status: 429, Detail: `Rate limit exceeded: ${problem}` },
  });
  if (state.faults.rateLimitNext > 0) {
    state.faults.rateLimitNext -= 1;
    return tooMany('minute', state.faults.retryAfterSeconds);
  }
  if ((state.inFlight.get(tenantId) ?? 0) >= state.limits.concurrent) return tooMany('concurrent', 1);
  const recent = state.calls.filter(
    (c) => c.tenantId === tenantId && c.status !== 429 && c.startedAt > now - MINUTE_MS,
  );
  if (recent.length >= state.limits.perMinute) {
    const oldest = Math.min(...recent.map((c) => c.startedAt));
    return tooMany('minute', Math.max(1, Math.ceil((oldest + MINUTE_MS - now) / 1000)));
  }
  return null;
}

export async function startXeroDouble(options: XeroDoubleOptions = {}): Promise<XeroDouble> {
  const state = createDoubleState({
    clientId: options.clientId ?? 'XERO-DOUBLE-CLIENT-ID',
    clientSecret: options.clientSecret ?? 'xero-double-client-secret',
    ...(options.accessTokenSeconds !== undefined && { accessTokenSeconds: options.accessTokenSeconds }),
    ...(options.tenantName !== undefined && { tenantName: options.tenantName }),
  });
  const routes: DoubleRoute[] = [...oauthRoutes, ...contactRoutes, ...invoiceRoutes];

  async function handle(req: IncomingMessage, raw: string): Promise<DoubleResponse> {
    const url = new URL(req.url ?? '/', 'http://double');
    const method = req.method ?? 'GET';
    for (const route of routes) {
      if (route.method !== method) continue;
      const params = matchRoute(route.pattern, url.pathname);
      if (!params) continue;
      const request: DoubleRequest = {
        method,
        path: url.pathname,
        params,
        query: url.searchParams,
        headers: req.headers,
        rawBody: raw,
        body: parseBody(req, raw),
        tenantId: null,
      };
      if (!route.api) return route.handler(request, state);
      const refused = authorize(request, state, route.api);
      if (refused) return refused;
      if (route.api === 'connections') return route.handler(request, state);
      const tenantId = request.tenantId as string;
      const limited = rateLimit(state, tenantId);
      const startedAt = state.clock.now();
      if (limited) {
        state.calls.push({
          method,
          path: url.pathname,
          tenantId,
          status: 429,
          startedAt,
          endedAt: startedAt,
        });
        return limited;
      }
      const call = { method, path: url.pathname, tenantId, status: 0, startedAt, endedAt: 0 };
      state.calls.push(call);
      state.inFlight.set(tenantId, (state.inFlight.get(tenantId) ?? 0) + 1);
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight.get(tenantId) ?? 0);
      try {
        // Simulated server time, so tests can observe how many calls the client has in flight.
        if (state.faults.latencyMs > 0) await delay(state.faults.latencyMs);
        const answer = await route.handler(request, state);
        call.status = answer.status;
        const used = state.calls.filter(
          (c) => c.tenantId === tenantId && c.status !== 429 && c.startedAt > startedAt - MINUTE_MS,
        ).length;
        answer.headers = {
          'x-minlimit-remaining': String(Math.max(0, state.limits.perMinute - used)),
          'x-daylimit-remaining': '4900',
          'x-appminlimit-remaining': '9900',
          ...answer.headers,
        };
        return answer;
      } finally {
        call.endedAt = state.clock.now();
        state.inFlight.set(tenantId, (state.inFlight.get(tenantId) ?? 1) - 1);
      }
    }
    return notFound();
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, Buffer.concat(chunks).toString('utf8'))
        .then((answer) => {
          const headers: Record<string, string> = { ...answer.headers };
          let body = '';
          if (typeof answer.body === 'string') {
            body = answer.body;
            headers['content-type'] ??= 'text/html; charset=utf-8';
          } else if (answer.body !== undefined) {
            body = JSON.stringify(answer.body);
            headers['content-type'] ??= 'application/json; charset=utf-8';
          }
          res.writeHead(answer.status, headers);
          res.end(body);
        })
        .catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ Title: 'Internal error of the Xero double', Detail: String(err) }));
        });
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    state,
    env: {
      XERO_CLIENT_ID: state.clientId,
      XERO_CLIENT_SECRET: state.clientSecret,
      XERO_LOGIN_URL: `${url}/login`,
      XERO_IDENTITY_URL: `${url}/identity`,
      XERO_API_URL: `${url}/api`,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
