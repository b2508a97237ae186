import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DoubleRequest, DoubleResponse, DoubleRoute } from './double-http.ts';
import { type XeroDoubleState, xeroDate } from './double-state.ts';

/** Xero's identity service: consent page, token (code and refresh grants), revocation, and `connections`. */

const AUTHORIZE = '/login/identity/connect/authorize';
const CANCEL = '/login/identity/connect/authorize/cancel';
const CODE_MS = 5 * 60_000;

const token = () => randomBytes(24).toString('hex');
const oauthError = (error: string, status = 400): DoubleResponse => ({ status, body: { error } });
const htmlEscape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The parameters of an authorize request, or what is wrong with them (Xero shows an error page). */
function readAuthorize(
  req: DoubleRequest,
  state: XeroDoubleState,
): { problem: string } | { redirectUri: string; scope: string; challenge: string; state: string } {
  const q = req.query;
  if (q.get('client_id') !== state.clientId) return { problem: 'unauthorized_client' };
  if (q.get('response_type') !== 'code') return { problem: 'unsupported_response_type' };
  const redirectUri = q.get('redirect_uri') ?? '';
  if (!/^https?:\/\//.test(redirectUri)) return { problem: 'invalid_request: redirect_uri' };
  if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
    return { problem: 'invalid_request: code_challenge' };
  const scope = q.get('scope') ?? '';
  if (!scope.split(' ').includes('offline_access')) return { problem: 'invalid_scope' };
  return { redirectUri, scope, challenge: q.get('code_challenge') as string, state: q.get('state') ?? '' };
}

function redirect(to: string, params: Record<string, string>): DoubleResponse {
  const url = new URL(to);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { status: 302, headers: { location: url.toString() } };
}

function errorPage(problem: string): DoubleResponse {
  return {
    status: 400,
    body: `<!doctype html><title>Xero | Error</title><h1>Error</h1><p>${htmlEscape(problem)}</p>`,
  };
}

/** `Authorization: Basic base64(client_id:client_secret)` as Xero's token endpoints require. */
function clientOk(req: DoubleRequest, state: XeroDoubleState): boolean {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return id === state.clientId && secret === state.clientSecret;
}

/** A new access and refresh token of a grant (every refresh rotates the refresh token). */
function issue(state: XeroDoubleState, grantId: string, scope: string): DoubleResponse {
  const access = token();
  const refresh = token();
  state.accessTokens.set(access, { grantId, expiresAt: state.clock.now() + state.accessTokenSeconds * 1000 });
  state.refreshTokens.set(refresh, { grantId, usedAt: null });
  return {
    status: 200,
    body: {
      id_token: `id.${token()}`,
      access_token: access,
      expires_in: state.accessTokenSeconds,
      token_type: 'Bearer',
      refresh_token: refresh,
      scope,
    },
  };
}

/** Forgets a grant: its tokens stop working and its connections go. */
function revokeGrant(state: XeroDoubleState, grantId: string): void {
  for (const [k, v] of state.accessTokens) if (v.grantId === grantId) state.accessTokens.delete(k);
  for (const [k, v] of state.refreshTokens) if (v.grantId === grantId) state.refreshTokens.delete(k);
  state.connections = state.connections.filter((c) => c.grantId !== grantId);
}

function bearerGrant(req: DoubleRequest, state: XeroDoubleState): string | null {
  const header = req.headers.authorization ?? '';
  return state.accessTokens.get(header.replace(/^Bearer /, ''))?.grantId ?? null;
}

/** The scope a grant was given (remembered on its first refresh token's code). */
const grantScopes = new WeakMap<XeroDoubleState, Map<string, string>>();
function scopesOf(state: XeroDoubleState): Map<string, string> {
  const m = grantScopes.get(state) ?? new Map<string, string>();
  grantScopes.set(state, m);
  return m;
}

/** Every call to the token endpoint, refused or not (tests count refreshes with it). */
export interface TokenRequest {
  grantType: string;
  status: number;
}
const tokenLogs = new WeakMap<XeroDoubleState, TokenRequest[]>();
export function tokenRequests(state: XeroDoubleState): TokenRequest[] {
  const log = tokenLogs.get(state) ?? [];
  tokenLogs.set(state, log);
  return log;
}

function tokenEndpoint(req: DoubleRequest, state: XeroDoubleState): DoubleResponse {
  const form = (req.body ?? {}) as Record<string, string>;
  const answer = tokenGrant(req, state, form);
  tokenRequests(state).push({ grantType: form.grant_type ?? '', status: answer.status });
  return answer;
}

function tokenGrant(
  req: DoubleRequest,
  state: XeroDoubleState,
  form: Record<string, string>,
): DoubleResponse {
  if (!clientOk(req, state)) return oauthError('invalid_client', 401);
  if (form.grant_type === 'authorization_code') {
    const code = state.codes.get(form.code ?? '');
    // One use: a code is gone once presented, right or wrong.
    state.codes.delete(form.code ?? '');
    if (!code || code.expiresAt <= state.clock.now()) return oauthError('invalid_grant');
    if (code.redirectUri !== form.redirect_uri) return oauthError('invalid_grant');
    const challenge = createHash('sha256')
      .update(form.code_verifier ?? '')
      .digest('base64url');
    if (challenge !== code.codeChallenge) return oauthError('invalid_grant');
    scopesOf(state).set(code.grantId, code.scope);
    return issue(state, code.grantId, code.scope);
  }
  if (form.grant_type === 'refresh_token') {
    const refresh = state.refreshTokens.get(form.refresh_token ?? '');
    if (!refresh || refresh.usedAt !== null) return oauthError('invalid_grant');
    refresh.usedAt = state.clock.now();
    return issue(state, refresh.grantId, scopesOf(state).get(refresh.grantId) ?? '');
  }
  return oauthError('unsupported_grant_type');
}

export const oauthRoutes: DoubleRoute[] = [
  {
    // The consent page: the person picks the organisation (the double has one) and allows or cancels.
    method: 'GET',
    pattern: AUTHORIZE,
    handler: (req, state) => {
      const a = readAuthorize(req, state);
      if ('problem' in a) return errorPage(a.problem);
      const tenant = state.tenants[0];
      const query = htmlEscape(req.query.toString());
      return {
        status: 200,
        body: `<!doctype html><html><head><title>Xero | Authorise app</title></head><body>
<h1>Xero double</h1><p>The app wants to access <strong>${htmlEscape(tenant?.tenantName ?? '')}</strong>.</p>
<form method="post" action="${AUTHORIZE}?${query}"><input type="hidden" name="decision" value="allow">
<button type="submit">Allow access</button></form>
<p><a href="${CANCEL}?${query}">Cancel</a></p></body></html>`,
      };
    },
  },
  {
    // "Allow access": a code for the redirect, and the organisation becomes a connection of the grant.
    method: 'POST',
    pattern: AUTHORIZE,
    handler: (req, state) => {
      const a = readAuthorize(req, state);
      if ('problem' in a) return errorPage(a.problem);
      const tenant = state.tenants[0];
      if (!tenant) return errorPage('no organisation');
      const grantId = randomUUID();
      // Reconnecting an organisation replaces its connection to this app (Xero keeps one).
      state.connections = state.connections.filter((c) => c.tenantId !== tenant.tenantId);
      state.connections.push({
        id: randomUUID(),
        tenantId: tenant.tenantId,
        grantId,
        createdDateUtc: new Date(state.clock.now()).toISOString(),
      });
      const code = token();
      state.codes.set(code, {
        grantId,
        redirectUri: a.redirectUri,
        codeChallenge: a.challenge,
        scope: a.scope,
        expiresAt: state.clock.now() + CODE_MS,
      });
      return redirect(a.redirectUri, { code, scope: a.scope, state: a.state });
    },
  },
  {
    method: 'GET',
    pattern: CANCEL,
    handler: (req, state) => {
      const a = readAuthorize(req, state);
      if ('problem' in a) return errorPage(a.problem);
      return redirect(a.redirectUri, { error: 'access_denied', state: a.state });
    },
  },
  {
    method: 'POST',
    pattern: '/identity/connect/token',
    handler: tokenEndpoint,
  },
  {
    method: 'POST',
    pattern: '/identity/connect/revocation',
    handler: (req, state) => {
      if (!clientOk(req, state)) return oauthError('invalid_client', 401);
      const form = (req.body ?? {}) as Record<string, string>;
      const refresh = state.refreshTokens.get(form.token ?? '');
      if (refresh) revokeGrant(state, refresh.grantId);
      return { status: 200 };
    },
  },
  {
    method: 'GET',
    pattern: '/api/connections',
    api: 'connections',
    handler: (req, state) => {
      const grantId = bearerGrant(req, state);
      return {
        status: 200,
        body: state.connections
          .filter((c) => c.grantId === grantId)
          .map((c) => {
            const tenant = state.tenants.find((t) => t.tenantId === c.tenantId);
            return {
              id: c.id,
              authEventId: c.grantId,
              tenantId: c.tenantId,
              tenantType: 'ORGANISATION',
              tenantName: tenant?.tenantName ?? null,
              createdDateUtc: c.createdDateUtc,
              updatedDateUtc: c.createdDateUtc,
            };
          }),
      };
    },
  },
  {
    // The connected organisation: the smallest Accounting API call (the client's tests use it).
    method: 'GET',
    pattern: '/api/api.xro/2.0/Organisation',
    api: 'accounting',
    handler: (req, state) => {
      const tenant = state.tenants.find((x) => x.tenantId === req.tenantId);
      return {
        status: 200,
        body: {
          Id: randomUUID(),
          Status: 'OK',
          ProviderName: 'Back office',
          DateTimeUTC: xeroDate(state.clock.now()),
          Organisations: [{ OrganisationID: req.tenantId, Name: tenant?.tenantName, BaseCurrency: 'GBP' }],
        },
      };
    },
  },
  {
    method: 'DELETE',
    pattern: '/api/connections/:id',
    api: 'connections',
    handler: (req, state) => {
      const grantId = bearerGrant(req, state);
      const found = state.connections.find((c) => c.id === req.params.id && c.grantId === grantId);
      if (!found)
        return { status: 404, body: { Title: 'Not Found', Status: 404, Detail: 'Connection not found' } };
      state.connections = state.connections.filter((c) => c !== found);
      return { status: 204 };
    },
  },
];
