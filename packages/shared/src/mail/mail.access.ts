import { ACCESS, type Access, rolesOnly } from '../auth/access.ts';

/**
 * Reading and sending mail: the operations roles (spec 6). Which messages a user sees is narrower:
 * an Admin sees every mailbox, anyone else only their own office's (decision 0014), and another
 * office's message answers 404.
 */
export const MAIL_ACCESS: Access = ACCESS.operations;
/** Configuring mailboxes (hosts, users, passwords), testing and syncing them: Admin only. */
export const MAILBOX_ADMIN_ACCESS: Access = rolesOnly(['Admin']);
