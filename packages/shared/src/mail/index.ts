export * from './mail.access.ts';
export * from './mail.messages.ts';
export * from './mail.schemas.ts';
