import { setTimeout as delay } from 'node:timers/promises';
import type { XeroDeps } from './xero.deps.ts';
import { XeroNotConnectedError } from './xero-api.ts';
import {
  type ReadVersion,
  xeroConnectionRepository as repo,
  type XeroConnectionRow,
} from './xero-connection.repository.ts';
import { refreshTokens, XeroOAuthError } from './xero-oauth.ts';

/** An access token to call the API with, its tenant, and the row version it came from. */
export interface XeroAccess {
  token: string;
  tenantId: string;
  version: number;
}

export interface XeroTokens {
  /** A token good for at least a minute more (refreshed first when it is not). */
  access(): Promise<XeroAccess>;
  /** After Xero answered 401 to the token of `staleVersion`: a fresh one (unless another caller already refreshed). */
  refreshAfter(staleVersion: number): Promise<XeroAccess>;
}

export type XeroTokenDeps = Pick<XeroDeps, 'db' | 'config' | 'secrets' | 'log' | 'processId'>;

/** Refresh before the last minute of an access token (Xero's live 30 minutes). */
const EARLY_MS = 60_000;
const WAIT_STEP_MS = 50;

export const REVOKED_MESSAGE =
  'Xero refused the saved authorization (invalid_grant): it was revoked or has expired. Connect to Xero again.';

/**
 * The access token of the connection (decision 0015). Every refresh rotates the refresh token, so
 * only one process may refresh at a time: it takes the lease on the row, calls Xero outside any
 * transaction, and saves the new pair (compare-and-set on the version it read) before using it.
 * A process that finds the lease taken waits for the saved rotation and uses it.
 */
export function createXeroTokens(deps: XeroTokenDeps, options: { leaseMs?: number } = {}): XeroTokens {
  const leaseMs = options.leaseMs ?? 30_000;
  const owner = deps.processId;
  // Callers of this process share one refresh.
  let inflight: Promise<XeroAccess> | null = null;

  async function current(): Promise<XeroConnectionRow> {
    const row = await repo.find(deps.db);
    if (!row || row.revoked_at) throw new XeroNotConnectedError();
    return row;
  }

  const accessOf = (row: XeroConnectionRow): XeroAccess => ({
    token: deps.secrets.open(row.access_token),
    tenantId: row.tenant_id,
    version: row.token_version,
  });

  async function refreshUnderLease(row: XeroConnectionRow, read: ReadVersion): Promise<XeroAccess> {
    let fresh: Awaited<ReturnType<typeof refreshTokens>>;
    try {
      fresh = await refreshTokens(deps.config.xero, deps.secrets.open(row.refresh_token));
    } catch (err) {
      if (err instanceof XeroOAuthError && err.error === 'invalid_grant') {
        // Refused while the row still holds the token we sent: nobody rotated it, the grant is gone.
        if (await repo.markRevoked(deps.db, read, REVOKED_MESSAGE)) {
          deps.log.warn(
            { tenant: row.tenant_id },
            'Xero refused the refresh token; the connection is revoked',
          );
          throw new XeroNotConnectedError();
        }
        return accessOf(await current());
      }
      await repo.releaseLease(deps.db, owner);
      if (err instanceof XeroOAuthError) throw err;
      throw new Error(`Could not reach Xero to renew the connection: ${(err as Error).message}`);
    }
    const saved = await repo.saveRotation(deps.db, read, {
      access_token: deps.secrets.seal(fresh.accessToken),
      refresh_token: deps.secrets.seal(fresh.refreshToken),
      access_expires_at: fresh.expiresAt,
    });
    // The row changed meanwhile (connected again, or disconnected): that one wins.
    if (!saved) return accessOf(await current());
    return { token: fresh.accessToken, tenantId: row.tenant_id, version: read.token_version + 1 };
  }

  async function refresh(staleVersion: number): Promise<XeroAccess> {
    const giveUpAt = Date.now() + leaseMs * 2;
    for (;;) {
      const row = await current();
      if (row.token_version !== staleVersion) return accessOf(row);
      const read = { token_version: row.token_version, refresh_token: row.refresh_token };
      if (await repo.takeRefreshLease(deps.db, read, owner, leaseMs)) return refreshUnderLease(row, read);
      // Another process is refreshing: wait for its saved rotation (or for its lease to lapse).
      if (Date.now() > giveUpAt)
        throw new Error('Timed out waiting for another process to renew the Xero connection');
      await delay(WAIT_STEP_MS);
    }
  }

  function shared(staleVersion: number): Promise<XeroAccess> {
    inflight ??= refresh(staleVersion).finally(() => {
      inflight = null;
    });
    return inflight;
  }

  return {
    async access() {
      const row = await current();
      if (row.access_expires_at.getTime() - Date.now() > EARLY_MS) return accessOf(row);
      return shared(row.token_version);
    },
    refreshAfter: shared,
  };
}
