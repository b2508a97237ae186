// Every table of the product, for Drizzle and drizzle-kit. Modules add their `*.table.ts` here.
export * from '../modules/auth/auth.table.ts';
export * from '../modules/notifications/notifications.table.ts';
export * from '../modules/rates/regions.table.ts';
export * from '../modules/users/users.table.ts';
