import { ACCESS, AUTHENTICATED, rolesOnly } from '../auth/access.ts';

/**
 * Who may do what in the directory (docs/decisions/0004-directory-access.md). The server declares
 * these on its routes; the web uses the same values to decide what to offer.
 */
export const DIRECTORY_ACCESS = {
  /** Every signed-in role reads the directory: FO and BO need the pickers. */
  read: AUTHENTICATED,
  /** FO and BO create and edit clients and suppliers themselves, import included. */
  writeClientsSuppliers: AUTHENTICATED,
  /** The services catalogue and the bank accounts are accounting data. */
  writeServicesBanks: ACCESS.accounting,
  /** Companies: only holders of CAN_EDIT_COMPANIES (Admin always passes). */
  writeCompanies: rolesOnly([], 'CAN_EDIT_COMPANIES'),
  /** The Managers screen (spec section 6). */
  managers: ACCESS.managers,
  /** The FO/BO manager picker on client and request forms. */
  managerPicker: AUTHENTICATED,
} as const;
