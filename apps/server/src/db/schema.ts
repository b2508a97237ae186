// Every table of the product, for Drizzle and drizzle-kit. Modules add their `*.table.ts` here.

export * from '../modules/accounting/bills.table.ts';
export * from '../modules/accounting/cards.table.ts';
export * from '../modules/accounting/invoices.table.ts';
export * from '../modules/accounting/period-locks.table.ts';
export * from '../modules/accounting/register.table.ts';
export * from '../modules/accounting/sales-ledger.table.ts';
export * from '../modules/accounting/vouchers.table.ts';
export * from '../modules/accounting/workspace.table.ts';
export * from '../modules/audit/audit.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/banking/allocations.table.ts';
export * from '../modules/banking/transactions.table.ts';
export * from '../modules/directory/banks.table.ts';
export * from '../modules/directory/clients.table.ts';
export * from '../modules/directory/companies.table.ts';
export * from '../modules/directory/services.table.ts';
export * from '../modules/directory/suppliers.table.ts';
export * from '../modules/notifications/notifications.table.ts';
export * from '../modules/rates/rates.table.ts';
export * from '../modules/rates/regions.table.ts';
export * from '../modules/reports/vat-rates.table.ts';
export * from '../modules/requests/log.table.ts';
export * from '../modules/requests/offers.table.ts';
export * from '../modules/requests/requests.table.ts';
export * from '../modules/users/users.table.ts';
