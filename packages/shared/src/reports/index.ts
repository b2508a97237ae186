export * from './clients-report.schemas.ts';
export * from './debts-report.schemas.ts';
export * from './fin-report.schemas.ts';
export * from './log-report.schemas.ts';
export * from './reports.access.ts';
export * from './reports.common.ts';
export * from './vat-rates.schemas.ts';
