import { type Access, AUTHENTICATED, rolesOnly } from '../auth/access.ts';

/** Everyone signed in reads the LOG (the history shows on the request). */
export const LOG_READ_ACCESS: Access = AUTHENTICATED;
/** BO hands a request over to accounting (DOMAIN.md "LOG"); Admin may too. */
export const LOG_SUBMIT_ACCESS: Access = rolesOnly(['Admin', 'BO']);
/** An Accountant confirms a record or sends it back for correction; Admin may too. */
export const LOG_REVIEW_ACCESS: Access = rolesOnly(['Admin', 'Accountant']);
