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
import { MESSAGES } from '../validation/messages.ts';
import { CHAT_MESSAGES } from './chat.messages.ts';

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

/**
 * A direct channel names the one other user (the existing channel of the pair is answered, 200);
 * a group its title and members (the creator is always one of them; a title is ignored on a
 * direct channel, which is titled by the other member's name).
 */
export const CreateChatChannelBodySchema = z
  .strictObject({
    kind: enumField(CHAT_CHANNEL_KINDS).default('group'),
    title: requiredString(CHAT_TITLE_MAX).optional(),
    users: uniqueArray(idField())
      .min(1, CHAT_MESSAGES.chooseMember)
      .max(CHAT_MEMBERS_MAX, CHAT_MESSAGES.tooManyMembers(CHAT_MEMBERS_MAX)),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'group' && !body.title)
      ctx.addIssue({ code: 'custom', path: ['title'], message: MESSAGES.required });
  });
export type CreateChatChannelBody = z.input<typeof CreateChatChannelBodySchema>;
/** The body once parsed (`kind` defaulted). */
export type CreateChatChannelValues = z.output<typeof CreateChatChannelBodySchema>;

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

/** A page of history, newest first; `has_more` says whether older messages remain (ask with `before`). */
export const ChatMessagePageSchema = z.object({
  data: z.array(ChatMessageSchema),
  meta: z.object({ limit: z.number().int(), has_more: z.boolean() }),
});
export type ChatMessagePage = z.infer<typeof ChatMessagePageSchema>;

/** The caller's read marker of a channel after marking a message read (it never moves back). */
export const ChatReadMarkerSchema = z.object({
  chat_channel_id: z.number().int(),
  user_id: z.number().int(),
  last_read_message_id: z.number().int().nullable(),
  unread_count: z.number().int(),
});
export type ChatReadMarker = z.infer<typeof ChatReadMarkerSchema>;

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

/** Spec 7 sends the message object to mark it read; only its id is read, and the path's wins (no body is fine too). */
export const ReadChatMessageBodySchema = z.object({ id: idField().optional() }).nullish();

export const AddChatUserBodySchema = z.object({ user: idField() });
export type AddChatUserBody = z.infer<typeof AddChatUserBodySchema>;

export const ChatUserParamsSchema = z.object({ id: queryIdField(), userId: queryIdField() });
