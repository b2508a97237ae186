export * from './accounting.access.ts';
export * from './accounting.common.ts';
export * from './bills.schemas.ts';
export * from './cards.schemas.ts';
export * from './invoice-documents.schemas.ts';
export * from './invoices.schemas.ts';
export * from './register.schemas.ts';
export * from './vouchers.schemas.ts';
