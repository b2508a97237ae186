export * from './xero.access.ts';
export * from './xero.messages.ts';
export * from './xero.schemas.ts';
