export * from './api/envelope.ts';
export * from './api/error-codes.ts';
export * from './auth/access.ts';
export * from './auth/roles.ts';
export * from './users/user.schemas.ts';
export * from './validation/index.ts';
export * from './value-lists.ts';
export * from './rates/index.ts';
