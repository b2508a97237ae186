import { z } from 'zod';
import { ListQuerySchema } from '../api/envelope.ts';
import { StaffRefSchema } from '../directory/common.schemas.ts';
import {
  enumField,
  idField,
  queryIdField,
  queryIntField,
  requiredString,
  uniqueArray,
} from '../validation/fields.schemas.ts';

export const CHAT_CHANNEL_KINDS = ['direct', 'group'] as const;
export type ChatChannelKind = (typeof CHAT_CHANNEL_KINDS)[number];
export const CHAT_TITLE_MAX = 120;
export const CHAT_MESSAGE_MAX = 4000;
/** A group holds at most this many members (the socket bench runs channels of 50). */
export const CHAT_MEMBERS_MAX = 200;
/** Messages per page of history (scrolling up asks for the page before the oldest shown). */
export const CHAT_PAGE_SIZE = 30;

export const ChatMemberSchema = StaffRefSchema.extend({ avatar: z.string().nullable() });
export type ChatMember = z.infer<typeof ChatMemberSchema>;

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  chat_channel_id: z.number().int(),
  author: StaffRefSchema,
  /** Empty once deleted. */
  body: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  deleted: z.boolean(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatChannelSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CHAT_CHANNEL_KINDS),
  /** A group's title; a direct channel is titled by the other member's name. */
  title: z.string(),
  users: z.array(ChatMemberSchema),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  last_message: ChatMessageSchema.nullable(),
  /** The caller's read marker and what came after it. */
  last_read_message_id: z.number().int().nullable(),
  unread_count: z.number().int(),
});
export type ChatChannel = z.infer<typeof ChatChannelSchema>;

/** A direct channel names the one other user (an existing one is answered); a group its title and members. */
export const CreateChatChannelBodySchema = z.strictObject({
  kind: enumField(CHAT_CHANNEL_KINDS).default('group'),
  title: requiredString(CHAT_TITLE_MAX).optional(),
  users: uniqueArray(idField()).min(1).max(CHAT_MEMBERS_MAX),
});
export type CreateChatChannelBody = z.input<typeof CreateChatChannelBodySchema>;

export const ChatChannelListQuerySchema = z.object({
  ...ListQuerySchema.pick({ limit: true, offset: true, search: true }).shape,
});
export type ChatChannelListQuery = z.infer<typeof ChatChannelListQuerySchema>;

/** History newest first: `before` a message id pages up through older ones. */
export const ChatMessageListQuerySchema = z.object({
  limit: queryIntField(1, 100).default(CHAT_PAGE_SIZE),
  before: queryIdField().optional(),
});
export type ChatMessageListQuery = z.infer<typeof ChatMessageListQuerySchema>;

export const SendChatMessageBodySchema = z.strictObject({
  body: requiredString(CHAT_MESSAGE_MAX, { multiline: true }),
});
export type SendChatMessageBody = z.infer<typeof SendChatMessageBodySchema>;

/** Spec 7 sends the message including its id; other fields of the object are ignored. */
export const EditChatMessageBodySchema = z.object({
  id: idField().optional(),
  body: requiredString(CHAT_MESSAGE_MAX, { multiline: true }),
});
export type EditChatMessageBody = z.infer<typeof EditChatMessageBodySchema>;

/** Spec 7 sends the message object to mark it read; only its id is read, and the path's wins. */
export const ReadChatMessageBodySchema = z.object({ id: idField().optional() }).optional();

export const AddChatUserBodySchema = z.object({ user: idField() });
export type AddChatUserBody = z.infer<typeof AddChatUserBodySchema>;

export const ChatUserParamsSchema = z.object({ id: queryIdField(), userId: queryIdField() });
