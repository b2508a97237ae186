import { ACCESS, type Access } from '../auth/access.ts';

/**
 * The accounting-service (Xero) connection and its syncs: Admin and Accountant, like the rest of
 * accounting (spec section 6). FO and BO get 403 on every `xero/` route, and the web hides the menu.
 */
export const XERO_ACCESS: Access = ACCESS.accounting;
