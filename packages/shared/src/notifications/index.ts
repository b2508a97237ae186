export * from './notifications.schemas.ts';
