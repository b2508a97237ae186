export * from './tasks.access.ts';
export * from './tasks.messages.ts';
export * from './tasks.schemas.ts';
