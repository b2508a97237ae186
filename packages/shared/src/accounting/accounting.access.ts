import { ACCESS, type Access } from '../auth/access.ts';

/** Every accounting route and page: Admin and Accountant only (spec section 6), on the server too. */
export const ACCOUNTING_ACCESS: Access = ACCESS.accounting;
