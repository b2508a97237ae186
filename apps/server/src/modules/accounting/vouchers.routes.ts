import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';

/** Payment vouchers: approve, revoke, list (decision 0010). */
export async function vouchersRoutes(_app: App, _core: Core): Promise<void> {
  // Built by issue 10.
}
