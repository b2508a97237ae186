import { createHash } from 'node:crypto';
import { XERO_NOT_CONFIGURED, type XeroStatus } from '@app/shared';
import type { AuthUser } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import type { XeroDeps } from './xero.deps.ts';
import { xeroConnectionRepository as repo } from './xero-connection.repository.ts';
import {
  authorizeUrl,
  deleteConnection,
  exchangeCode,
  listConnections,
  newPkce,
  newState,
  revokeToken,
  XeroOAuthError,
} from './xero-oauth.ts';
import { xeroStatus } from './xero-status.service.ts';
import { createXeroTokens } from './xero-tokens.ts';

/** An authorization started with `auth/` is good for ten minutes. */
const AUTH_REQUEST_MS = 10 * 60_000;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

function requireConfigured(deps: XeroDeps): void {
  if (!deps.config.xero.configured) throw new AppError('BAD_REQUEST', XERO_NOT_CONFIGURED);
}

/** `xero/auth/`: the consent URL, with a one-use state and a PKCE challenge remembered for `code/`. */
export async function startXeroAuth(deps: XeroDeps, user: AuthUser): Promise<{ url: string }> {
  requireConfigured(deps);
  const state = newState();
  const pkce = newPkce();
  await repo.addAuthRequest(deps.db, {
    state_hash: hashState(state),
    code_verifier: deps.secrets.seal(pkce.verifier),
    user_id: user.id,
    expires_at: new Date(Date.now() + AUTH_REQUEST_MS),
  });
  return { url: authorizeUrl(deps.config.xero, state, pkce.challenge) };
}

/**
 * `xero/code/`: Xero sent the browser back. The state must be one this user started, unused and
 * recent; then the code is exchanged (with the PKCE verifier) and the organisation saved.
 */
export async function finishXeroAuth(
  deps: XeroDeps,
  user: AuthUser,
  query: { code?: string | undefined; state: string; error?: string | undefined },
): Promise<XeroStatus> {
  requireConfigured(deps);
  const request = await repo.takeAuthRequest(deps.db, hashState(query.state), user.id);
  if (query.error) {
    throw new AppError(
      'BAD_REQUEST',
      query.error === 'access_denied' ? 'Xero access was not granted' : `Xero answered: ${query.error}`,
    );
  }
  if (!request) {
    throw new AppError(
      'BAD_REQUEST',
      'This answer from Xero does not match a connection you started here (or it expired or was used already). Connect to Xero again.',
    );
  }
  if (!query.code)
    throw new AppError('BAD_REQUEST', 'Xero sent no authorization code. Connect to Xero again.');

  let tokens: Awaited<ReturnType<typeof exchangeCode>>;
  let tenants: Awaited<ReturnType<typeof listConnections>>;
  try {
    tokens = await exchangeCode(deps.config.xero, query.code, deps.secrets.open(request.code_verifier));
    tenants = await listConnections(deps.config.xero, tokens.accessToken);
  } catch (err) {
    deps.log.warn(
      { err: err instanceof XeroOAuthError ? err.message : String(err) },
      'Xero code exchange failed',
    );
    throw new AppError(
      'BAD_REQUEST',
      err instanceof XeroOAuthError
        ? `${err.message}. Connect to Xero again.`
        : 'Xero could not be reached to finish connecting. Try again.',
    );
  }
  const tenant = tenants.find((c) => c.tenantType === 'ORGANISATION');
  if (!tenant)
    throw new AppError('BAD_REQUEST', 'No Xero organisation was chosen. Connect again and pick one.');

  await repo.save(deps.db, {
    tenant_id: tenant.tenantId,
    tenant_name: tenant.tenantName.slice(0, 200),
    connection_id: tenant.id,
    access_token: deps.secrets.seal(tokens.accessToken),
    refresh_token: deps.secrets.seal(tokens.refreshToken),
    access_expires_at: tokens.expiresAt,
    connected_by: user.id,
  });
  deps.log.info({ tenant: tenant.tenantId, by: user.id }, 'Connected to Xero');
  return xeroStatus(deps);
}

/**
 * `xero/disconnect/`: removes the connection at Xero (and revokes the refresh token) as far as
 * Xero can be reached, then forgets the organisation here whatever Xero said.
 */
export async function disconnectXero(deps: XeroDeps, user: AuthUser): Promise<XeroStatus> {
  const row = await repo.find(deps.db);
  if (row && !row.revoked_at) {
    try {
      const access = await createXeroTokens(deps).access();
      if (row.connection_id) await deleteConnection(deps.config.xero, access.token, row.connection_id);
    } catch (err) {
      deps.log.warn({ err: (err as Error).message }, 'Could not remove the Xero connection at Xero');
    }
    try {
      // The refresh token may have rotated above: revoke the one saved now.
      const now = await repo.find(deps.db);
      if (now) await revokeToken(deps.config.xero, deps.secrets.open(now.refresh_token));
    } catch (err) {
      deps.log.warn({ err: (err as Error).message }, 'Could not revoke the Xero refresh token');
    }
  }
  await repo.remove(deps.db);
  if (row) deps.log.info({ tenant: row.tenant_id, by: user.id }, 'Disconnected from Xero');
  return xeroStatus(deps);
}
