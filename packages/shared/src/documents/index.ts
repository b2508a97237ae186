export * from './documents.access.ts';
export * from './documents.messages.ts';
export * from './documents.names.ts';
export * from './documents.schemas.ts';
