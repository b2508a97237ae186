import {
  AddChatUserBodySchema,
  AUTHENTICATED,
  ChatChannelListQuerySchema,
  ChatChannelSchema,
  ChatMessageListQuerySchema,
  ChatMessagePageSchema,
  ChatMessageSchema,
  ChatReadMarkerSchema,
  ChatUserItemSchema,
  ChatUserParamsSchema,
  ChatUserPickerQuerySchema,
  CreateChatChannelBodySchema,
  directoryListEnvelope,
  EditChatMessageBodySchema,
  envelope,
  IdParamsSchema,
  listEnvelope,
  ReadChatMessageBodySchema,
  SendChatMessageBodySchema,
} from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { ChatService } from './chat.service.ts';
import type { ChatUsersService } from './chat-users.service.ts';

const tags = ['chat'];
/** Everyone signed in may chat; membership of the channel is checked by the service (403). */
const config = { access: AUTHENTICATED };

/**
 * Spec 7's paths. `channels/messages/:id/` and `channels/:id/` overlap: the router prefers the
 * static `messages` segment, so a message path never reaches a channel route (tested).
 */
export async function chatRoutes(
  app: App,
  { chat, chatUsers }: { chat: ChatService; chatUsers: ChatUsersService },
) {
  // Every role chats with every role: the manager picker (FO and BO) is not enough.
  app.get(
    '/chat/users/',
    {
      config,
      schema: {
        tags,
        description:
          'Active staff of every role to start a chat with or add to one; the picker parameters of spec 7.',
        querystring: ChatUserPickerQuerySchema,
        response: { 200: directoryListEnvelope(ChatUserItemSchema) },
      },
    },
    async (request) => chatUsers.picker(request.query),
  );

  app.get(
    '/chat/channels/',
    {
      config,
      schema: {
        tags,
        querystring: ChatChannelListQuerySchema,
        response: { 200: listEnvelope(ChatChannelSchema) },
      },
    },
    async (request) => chat.listChannels(ctxOf(request), request.query),
  );

  app.post(
    '/chat/channels/',
    {
      config,
      schema: {
        tags,
        body: CreateChatChannelBodySchema,
        response: { 200: envelope(ChatChannelSchema), 201: envelope(ChatChannelSchema) },
      },
    },
    async (request, reply) => {
      const { channel, created } = await chat.createChannel(ctxOf(request), request.body);
      return reply.status(created ? 201 : 200).send({ data: channel });
    },
  );

  app.get(
    '/chat/channels/:id/',
    { config, schema: { tags, params: IdParamsSchema, response: { 200: envelope(ChatChannelSchema) } } },
    async (request) => ({ data: await chat.getChannel(ctxOf(request), request.params.id) }),
  );

  app.get(
    '/chat/channels/:id/messages/',
    {
      config,
      schema: {
        tags,
        description:
          'History newest first, paged by a cursor rather than an offset: `before` (a message id) asks ' +
          'for the page older than it, so messages arriving meanwhile never shift a page. The meta is ' +
          'therefore `{limit, has_more}` (whether older messages remain) instead of the lists’ ' +
          '`{total, limit, offset}`: a total would cost a count of the whole history on every scroll.',
        params: IdParamsSchema,
        querystring: ChatMessageListQuerySchema,
        response: { 200: ChatMessagePageSchema },
      },
    },
    async (request) => chat.listMessages(ctxOf(request), request.params.id, request.query),
  );

  app.post(
    '/chat/channels/:id/messages/',
    {
      config,
      schema: {
        tags,
        params: IdParamsSchema,
        body: SendChatMessageBodySchema,
        response: { 201: envelope(ChatMessageSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await chat.send(ctxOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/chat/channels/messages/:id/',
    { config, schema: { tags, params: IdParamsSchema, response: { 200: envelope(ChatMessageSchema) } } },
    async (request) => ({ data: await chat.getMessage(ctxOf(request), request.params.id) }),
  );

  app.patch(
    '/chat/channels/messages/:id/',
    {
      config,
      schema: {
        tags,
        params: IdParamsSchema,
        body: EditChatMessageBodySchema,
        response: { 200: envelope(ChatMessageSchema) },
      },
    },
    async (request) => ({ data: await chat.edit(ctxOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/chat/channels/messages/:id/',
    { config, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      await chat.delete(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/chat/channels/messages/:id/read/',
    {
      config,
      schema: {
        tags,
        params: IdParamsSchema,
        body: ReadChatMessageBodySchema,
        response: { 200: envelope(ChatReadMarkerSchema) },
      },
    },
    async (request) => ({ data: await chat.markRead(ctxOf(request), request.params.id) }),
  );

  app.post(
    '/chat/channels/:id/users/',
    {
      config,
      schema: {
        tags,
        params: IdParamsSchema,
        body: AddChatUserBodySchema,
        response: { 200: envelope(ChatChannelSchema) },
      },
    },
    async (request) => ({ data: await chat.addUser(ctxOf(request), request.params.id, request.body.user) }),
  );

  app.delete(
    '/chat/channels/:id/users/:userId/',
    { config, schema: { tags, params: ChatUserParamsSchema } },
    async (request, reply) => {
      await chat.removeUser(ctxOf(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
}
