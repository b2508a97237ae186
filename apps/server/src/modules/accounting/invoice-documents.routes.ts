import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';

/** An invoice's PDF and its sending by email (decision 0010, "PDF" and "Sending"). */
export async function invoiceDocumentsRoutes(_app: App, _core: Core): Promise<void> {
  // Built by issue 10.
}
