import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';

/** Stub: the log-report routes are written by its helper (decision 0012). */
export async function logReportRoutes(_app: App, _core: Core): Promise<void> {}
