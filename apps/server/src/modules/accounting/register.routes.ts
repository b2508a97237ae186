import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';

/** Invoices & Bills: the register list, its totals and export (decision 0010). */
export async function registerRoutes(_app: App, _core: Core): Promise<void> {
  // Built by issue 10.
}
