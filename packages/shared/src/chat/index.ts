export * from './chat.schemas.ts';
export * from './chat-users.schemas.ts';
