import type { App } from '../../platform/types.ts';
import type { MailDeps } from './mail.deps.ts';

/** The mail API (API.md "Mail"): mailboxes, folders, messages, attachments, sending. */
export async function mailRoutes(_app: App, _deps: MailDeps): Promise<void> {}
