export * from './chat.messages.ts';
export * from './chat.schemas.ts';
export * from './chat-users.schemas.ts';
