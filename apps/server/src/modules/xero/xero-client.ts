import type { XeroDeps } from './xero.deps.ts';
import { XeroApiError, type XeroClient, type XeroRequest, type XeroResponse, xeroJson } from './xero-api.ts';
import { createRateLimiter, XERO_LIMITS, type XeroLimits } from './xero-rate-limit.ts';
import { createXeroTokens } from './xero-tokens.ts';

const CALL_TIMEOUT_MS = 60_000;
/** The longest `Retry-After` waited out in a call; a longer one (the day limit) fails the call. */
const MAX_RETRY_AFTER_S = 120;

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The Accounting API client of the connected tenant: bearer token and `xero-tenant-id`, a refresh
 * when the token is about to expire or Xero answers 401 (once), Xero's limits kept in process, and
 * a 429 waited out for its `Retry-After` (the tenant's other calls pause too). One per process.
 */
export function createXeroClient(
  deps: Omit<XeroDeps, 'client'>,
  limitsGiven: Partial<XeroLimits> = {},
): XeroClient {
  const limits = { ...XERO_LIMITS, ...limitsGiven };
  const tokens = createXeroTokens(deps);
  const limiter = createRateLimiter(limits);

  async function call(req: XeroRequest, token: string, tenantId: string): Promise<Response> {
    const url = new URL(`${deps.config.xero.apiUrl}${req.path}`);
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'xero-tenant-id': tenantId,
      accept: 'application/json',
    };
    if (req.ifModifiedSince) headers['if-modified-since'] = req.ifModifiedSince.toUTCString();
    let body: string | undefined;
    if (req.body !== undefined) {
      body = typeof req.body === 'string' ? req.body : xeroJson(req.body);
      headers['content-type'] = 'application/json';
    }
    const release = await limiter.acquire(tenantId);
    try {
      return await fetch(url, {
        method: req.method,
        headers,
        ...(body !== undefined && { body }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } finally {
      release();
    }
  }

  return {
    async request<T>(req: XeroRequest): Promise<XeroResponse<T>> {
      let access = await tokens.access();
      let refreshed = false;
      for (let attempt = 1; ; attempt++) {
        const res = await call(req, access.token, access.tenantId);
        const text = await res.text();
        if (res.ok) return { status: res.status, body: parse(text) as T, headers: res.headers };
        const last = attempt >= limits.maxAttempts;
        if (res.status === 401 && !refreshed && !last) {
          refreshed = true;
          access = await tokens.refreshAfter(access.version);
          continue;
        }
        if (res.status === 429 && !last) {
          const seconds = Number(res.headers.get('retry-after') ?? '1');
          const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds : 1;
          if (wait <= MAX_RETRY_AFTER_S) {
            deps.log.warn(
              { problem: res.headers.get('x-rate-limit-problem'), retryAfter: wait },
              'Xero rate limit: waiting before retrying',
            );
            limiter.pause(access.tenantId, wait * 1000);
            continue;
          }
        }
        throw new XeroApiError(res.status, parse(text));
      }
    },
  };
}
