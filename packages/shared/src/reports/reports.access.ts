import { ACCESS, type Access, AUTHENTICATED, rolesOnly } from '../auth/access.ts';

/** Spec 2.2: Clients for everyone; Debts, Fin-Report and LOG-report for Admin and Accountant. */
export const CLIENTS_REPORT_ACCESS: Access = AUTHENTICATED;
export const FINANCE_REPORTS_ACCESS: Access = ACCESS.financeReports;
/** The TOMS VAT rates are a setting: everyone who reads Fin-Report sees them, an Admin edits them. */
export const VAT_RATES_WRITE_ACCESS: Access = rolesOnly(['Admin']);
