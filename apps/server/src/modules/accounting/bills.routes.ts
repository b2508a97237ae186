import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';

/** Supplier invoices (bills) with their file (decision 0010). */
export async function billsRoutes(_app: App, _core: Core): Promise<void> {
  // Built by issue 10.
}
