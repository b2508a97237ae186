import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';

/** Placeholder until the area lands (decision 0011). */
export async function allocationsRoutes(_app: App, _core: Core): Promise<void> {}
