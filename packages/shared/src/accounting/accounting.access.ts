import { ACCESS, type Access, rolesOnly } from '../auth/access.ts';

/** Every accounting route and page: Admin and Accountant only (spec section 6), on the server too. */
export const ACCOUNTING_ACCESS: Access = ACCESS.accounting;

/** Reopening a closed month: Admin only (decision 0011, "Period locks"). */
export const PERIOD_REOPEN_ACCESS: Access = rolesOnly(['Admin']);
