// @portal/chat: conversations and messages with their live updates.
export * from './chatApi';
