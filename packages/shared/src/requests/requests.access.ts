import { ACCESS, type Access, AUTHENTICATED, rolesOnly } from '../auth/access.ts';
import type { RequestKind } from './requests.status.ts';

/** Everyone signed in reads requests: accountants invoice and check them. */
export const REQUESTS_READ_ACCESS: Access = AUTHENTICATED;
/** Front office, back office and Admin open and edit service requests (DOMAIN.md, "Requests"). */
export const REQUESTS_WRITE_ACCESS: Access = ACCESS.operations;
/** Admin and Accountant open and edit accounting requests (`/requests/create-accounting`). */
export const ACCOUNTING_REQUESTS_WRITE_ACCESS: Access = ACCESS.accountingRequest;
/**
 * The write routes let in everyone who may write some kind of request; the server then checks
 * the request's kind (`requestWriteAccess`) and answers 403 otherwise.
 */
export const REQUESTS_ROUTE_WRITE_ACCESS: Access = rolesOnly(['Admin', 'FO', 'BO', 'Accountant']);

/** Who may create and change a request of this kind. */
export const requestWriteAccess = (kind: RequestKind): Access =>
  kind === 'accounting' ? ACCOUNTING_REQUESTS_WRITE_ACCESS : REQUESTS_WRITE_ACCESS;
