import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';

/** Client invoices and credit notes: issue, credit, send, PDF, list (decision 0010). */
export async function invoicesRoutes(_app: App, _core: Core): Promise<void> {
  // Built by issue 10.
}
