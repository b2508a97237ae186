export * from './log.access.ts';
export * from './log.schemas.ts';
export * from './offers.access.ts';
export * from './offers.schemas.ts';
export * from './requests.access.ts';
export * from './requests.messages.ts';
export * from './requests.schemas.ts';
export * from './requests.status.ts';
