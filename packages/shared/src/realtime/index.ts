export * from './socket.schemas.ts';
