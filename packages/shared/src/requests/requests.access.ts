import { ACCESS, type Access, AUTHENTICATED } from '../auth/access.ts';

/** Everyone signed in reads requests: accountants invoice and check them. */
export const REQUESTS_READ_ACCESS: Access = AUTHENTICATED;
/** Front office, back office and Admin open and edit requests (DOMAIN.md, "Requests"). */
export const REQUESTS_WRITE_ACCESS: Access = ACCESS.operations;
