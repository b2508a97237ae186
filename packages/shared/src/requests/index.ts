export * from './requests.access.ts';
export * from './requests.messages.ts';
export * from './requests.schemas.ts';
export * from './requests.status.ts';
