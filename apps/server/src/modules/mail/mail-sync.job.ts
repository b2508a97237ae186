import type { App } from '../../platform/types.ts';
import type { MailDeps } from './mail.deps.ts';

/** Declares the mailbox sync (polling, IDLE) with the jobs platform. */
export function registerMailSync(_app: App, _deps: MailDeps): void {}
