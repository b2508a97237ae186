export * from './fields.schemas.ts';
export * from './messages.ts';
export * from './validators.ts';
