export * from './allocations.schemas.ts';
export * from './statement-import.schemas.ts';
export * from './transactions.schemas.ts';
