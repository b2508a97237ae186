import type { App } from '../../platform/types.ts';
import type { MailDeps } from './mail.deps.ts';

/** Stub: built by issue 14. */
export async function mailboxSyncRoutes(_app: App, _deps: MailDeps): Promise<void> {}
