import type { XeroStatus } from '@app/shared';
import type { XeroDeps } from './xero.deps.ts';
import { xeroConnectionRepository as repo } from './xero-connection.repository.ts';
import { currentRun } from './xero-sync.service.ts';

/** What the accounting-service menu shows (`xero/isauth/`): never a token. */
export async function xeroStatus(deps: Pick<XeroDeps, 'db' | 'config'>): Promise<XeroStatus> {
  const found = await repo.findWithUser(deps.db);
  const row = found?.row;
  return {
    configured: deps.config.xero.configured,
    authorized: Boolean(row && !row.revoked_at),
    connection: row
      ? {
          tenant_id: row.tenant_id,
          tenant_name: row.tenant_name,
          connected_by:
            row.connected_by !== null && found.userName !== null
              ? { id: row.connected_by, name: found.userName }
              : null,
          connected_at: row.connected_at.toISOString(),
        }
      : null,
    run: await currentRun(deps.db),
  };
}
