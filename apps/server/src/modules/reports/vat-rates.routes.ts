import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';

/** Stub: the vat-rates routes are written by its helper (decision 0012). */
export async function vatRatesRoutes(_app: App, _core: Core): Promise<void> {}
