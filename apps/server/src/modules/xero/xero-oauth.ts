import { createHash, randomBytes } from 'node:crypto';
import type { XeroConfig } from '../../config.ts';

/**
 * Xero's identity service (OAuth 2.0 authorization code with PKCE) and `connections`, with plain
 * `fetch` and a time limit on each call. Tokens pass through here and are never logged.
 */

const TIMEOUT_MS = 15_000;

export interface XeroTokenSet {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

export interface XeroTenantConnection {
  id: string;
  tenantId: string;
  tenantType: string;
  tenantName: string;
}

/** Xero's identity service refused (`error` is OAuth's: `invalid_grant`, `invalid_client`...). */
export class XeroOAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
  ) {
    super(`Xero refused the authorization (${status} ${error})`);
    this.name = 'XeroOAuthError';
  }
}

export function newPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function newState(): string {
  return randomBytes(32).toString('base64url');
}

export function authorizeUrl(cfg: XeroConfig, state: string, challenge: string): string {
  const url = new URL(`${cfg.loginUrl}/identity/connect/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: cfg.clientId ?? '',
    redirect_uri: cfg.redirectUri,
    scope: cfg.scopes,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

function basicAuth(cfg: XeroConfig): string {
  return `Basic ${Buffer.from(`${cfg.clientId ?? ''}:${cfg.clientSecret ?? ''}`).toString('base64')}`;
}

async function tokenCall(cfg: XeroConfig, form: Record<string, string>): Promise<XeroTokenSet> {
  const res = await fetch(`${cfg.identityUrl}/connect/token`, {
    method: 'POST',
    headers: {
      authorization: basicAuth(cfg),
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: judged by the status below
  }
  if (!res.ok || typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string') {
    throw new XeroOAuthError(
      res.status,
      typeof body.error === 'string' ? body.error : `status ${res.status}`,
    );
  }
  const seconds = typeof body.expires_in === 'number' ? body.expires_in : 1800;
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: new Date(Date.now() + seconds * 1000),
  };
}

export function exchangeCode(cfg: XeroConfig, code: string, verifier: string): Promise<XeroTokenSet> {
  return tokenCall(cfg, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: cfg.redirectUri,
    code_verifier: verifier,
  });
}

/** Xero rotates: the answer carries a new refresh token and the one sent stops working. */
export function refreshTokens(cfg: XeroConfig, refreshToken: string): Promise<XeroTokenSet> {
  return tokenCall(cfg, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

export async function revokeToken(cfg: XeroConfig, refreshToken: string): Promise<void> {
  const res = await fetch(`${cfg.identityUrl}/connect/revocation`, {
    method: 'POST',
    headers: { authorization: basicAuth(cfg), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: refreshToken }).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (!res.ok) throw new XeroOAuthError(res.status, `revocation answered ${res.status}`);
}

export async function listConnections(cfg: XeroConfig, accessToken: string): Promise<XeroTenantConnection[]> {
  const res = await fetch(`${cfg.apiUrl}/connections`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new XeroOAuthError(res.status, `connections answered ${res.status}`);
  }
  return (await res.json()) as XeroTenantConnection[];
}

export async function deleteConnection(cfg: XeroConfig, accessToken: string, id: string): Promise<void> {
  const res = await fetch(`${cfg.apiUrl}/connections/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (!res.ok && res.status !== 404)
    throw new XeroOAuthError(res.status, `connection delete answered ${res.status}`);
}
