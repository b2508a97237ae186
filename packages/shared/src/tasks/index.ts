export * from './tasks.access.ts';
export * from './tasks.schemas.ts';
