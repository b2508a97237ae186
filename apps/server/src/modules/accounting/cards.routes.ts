import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';

/** Bank cards: only the last four digits are kept (decision 0010). */
export async function cardsRoutes(_app: App, _core: Core): Promise<void> {
  // Built by issue 10.
}
