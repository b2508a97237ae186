import { z } from 'zod';
import { ListQuerySchema, QueryBoolean } from '../api/envelope.ts';
import { versionField } from '../directory/common.schemas.ts';
import {
  emailField,
  enumField,
  idField,
  numberField,
  optionalString,
  queryIdField,
  requiredString,
  searchField,
  secretField,
} from '../validation/fields.schemas.ts';

export const MAIL_SECURITY = ['tls', 'starttls', 'none'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

/** The bound on one message's attachments, in total (decision 0014). */
export const MAIL_ATTACHMENTS_MAX_BYTES = 25 * 1024 * 1024;
export const MAIL_RECIPIENTS_MAX = 50;
export const MAIL_SUBJECT_MAX = 998;
export const MAIL_BODY_MAX = 1_000_000;
/** A request's number as it appears in a subject: `BSLF-2026-00042`. */
export const REQUEST_NUMBER_PATTERN = /\b[A-Z]{4}-\d{4}-\d{5}\b/g;

const hostField = () => requiredString(253);
const portField = () => numberField({ min: 1, max: 65535, int: true });

/** A shared mailbox of one office, as the API answers it: never a password, only whether one is set. */
export const MailboxSchema = z.object({
  id: z.number().int(),
  office: z.object({ id: z.number().int(), title: z.string() }),
  name: z.string(),
  address: z.string(),
  imap_host: z.string(),
  imap_port: z.number().int(),
  imap_security: z.enum(MAIL_SECURITY),
  imap_user: z.string(),
  has_imap_password: z.boolean(),
  smtp_host: z.string(),
  smtp_port: z.number().int(),
  smtp_security: z.enum(MAIL_SECURITY),
  smtp_user: z.string(),
  has_smtp_password: z.boolean(),
  enabled: z.boolean(),
  last_synced_at: z.string().nullable(),
  last_error: z.string().nullable(),
  /** Unread incoming messages the caller can see in it. */
  unread: z.number().int(),
  version: z.number().int(),
});
export type Mailbox = z.infer<typeof MailboxSchema>;

const mailboxFields = {
  name: requiredString(100),
  /** The From address of what is sent: a valid address, stored lower-cased. */
  address: emailField(),
  imap_host: hostField(),
  imap_port: portField(),
  imap_security: enumField(MAIL_SECURITY),
  imap_user: requiredString(254),
  smtp_host: hostField(),
  smtp_port: portField(),
  smtp_security: enumField(MAIL_SECURITY),
  smtp_user: optionalString(254),
};

/** Create: both passwords are given (the SMTP one may be empty for a server without AUTH). */
export const MailboxCreateBodySchema = z.strictObject({
  office: idField(),
  ...mailboxFields,
  imap_password: secretField(256),
  smtp_password: secretField(256, { required: false }).optional(),
  enabled: z.boolean().optional(),
});
export type MailboxCreateBody = z.infer<typeof MailboxCreateBodySchema>;

/** Update: an absent password keeps the stored one. */
export const MailboxUpdateBodySchema = z
  .strictObject(mailboxFields)
  .partial()
  .extend({
    imap_password: secretField(256).optional(),
    smtp_password: secretField(256, { required: false }).optional(),
    enabled: z.boolean().optional(),
    version: versionField().optional(),
  });
export type MailboxUpdateBody = z.infer<typeof MailboxUpdateBodySchema>;

/**
 * "Test connection" on settings as typed; `mailbox` names a saved mailbox whose stored passwords
 * stand in for the ones left empty.
 */
export const MailboxTestBodySchema = z.strictObject({
  mailbox: idField().optional(),
  ...mailboxFields,
  imap_password: secretField(256, { required: false }).optional(),
  smtp_password: secretField(256, { required: false }).optional(),
});
export type MailboxTestBody = z.infer<typeof MailboxTestBodySchema>;

export const MAIL_TEST_STEPS = [
  'imap_connect',
  'imap_login',
  'imap_list',
  'smtp_connect',
  'smtp_auth',
] as const;
export const MailboxTestResultSchema = z.object({
  ok: z.boolean(),
  /** The steps in order; after a failed one the rest of its protocol is not tried. */
  steps: z.array(
    z.object({
      step: z.enum(MAIL_TEST_STEPS),
      ok: z.boolean(),
      /** What failed, in the server's own words where it gave any ("Authentication failed."). */
      message: z.string().nullable(),
    }),
  ),
});
export type MailboxTestResult = z.infer<typeof MailboxTestResultSchema>;

/** What one pass stored, per folder synced (INBOX and Sent), and whether messages are left. */
export const MailboxSyncResultSchema = z.object({
  stored: z.number().int(),
  more: z.boolean(),
  folders: z.array(
    z.object({
      id: z.number().int(),
      path: z.string(),
      role: z.enum(['inbox', 'sent']),
      stored: z.number().int(),
      more: z.boolean(),
    }),
  ),
});

export type MailboxSyncResult = z.infer<typeof MailboxSyncResultSchema>;

export const MailFolderSchema = z.object({
  id: z.number().int(),
  mailbox: z.number().int(),
  path: z.string(),
  name: z.string(),
  /** `inbox`, `sent` or null, from the server's special-use flags. */
  role: z.enum(['inbox', 'sent']).nullable(),
  /** Unread incoming messages. */
  unread: z.number().int(),
  /** Messages: exact up to 1,000, an estimate above (as a list's `meta.total`). */
  total: z.number().int(),
});
export type MailFolder = z.infer<typeof MailFolderSchema>;

export const MailAddressSchema = z.object({ name: z.string(), address: z.string() });
export type MailAddress = z.infer<typeof MailAddressSchema>;

const LinkRefs = {
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  request: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  /** `auto` (by address or number) or `user` (by hand; a resync leaves it alone). */
  linked_by: z.enum(['auto', 'user']).nullable(),
};

/** A row of the mail list. */
export const MailMessageSummarySchema = z.object({
  id: z.number().int(),
  mailbox: z.number().int(),
  folder: z.number().int().nullable(),
  direction: z.enum(['in', 'out']),
  from: MailAddressSchema,
  to: z.array(MailAddressSchema),
  subject: z.string(),
  date: z.string(),
  snippet: z.string(),
  seen: z.boolean(),
  has_attachments: z.boolean(),
  ...LinkRefs,
});
export type MailMessageSummary = z.infer<typeof MailMessageSummarySchema>;

export const MailAttachmentSchema = z.object({
  /** Position in the message, from 1: the `{n}` of the download path. */
  n: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** False when it was over the bound and only its name and size were kept. */
  stored: z.boolean(),
});
export type MailAttachment = z.infer<typeof MailAttachmentSchema>;

/** One message: the summary, the headers that thread it, both bodies (HTML sanitised) and attachments. */
export const MailMessageSchema = MailMessageSummarySchema.extend({
  cc: z.array(MailAddressSchema),
  message_id: z.string(),
  in_reply_to: z.string().nullable(),
  references: z.array(z.string()),
  text: z.string(),
  /** Sanitised: no scripts, handlers, forms or frames; remote images replaced unless `images=true`. */
  html: z.string().nullable(),
  /** Whether the HTML had remote images that were held back. */
  remote_images: z.boolean(),
  attachments: z.array(MailAttachmentSchema),
});
export type MailMessage = z.infer<typeof MailMessageSchema>;

export const MailMessageQuerySchema = z.object({ images: QueryBoolean.optional() });

/** The mail list: unread first, then newest. */
export const MailMessageListQuerySchema = z.object({
  ...ListQuerySchema.pick({ limit: true, offset: true }).shape,
  search: searchField().optional(),
  mailbox: queryIdField().optional(),
  folder: queryIdField().optional(),
  client: queryIdField().optional(),
  request: queryIdField().optional(),
  unread: QueryBoolean.optional(),
});
export type MailMessageListQuery = z.infer<typeof MailMessageListQuerySchema>;

/** Mark read or unread; link or unlink by hand (`null` unlinks). */
export const MailMessageUpdateBodySchema = z.strictObject({
  seen: z.boolean().optional(),
  client: idField().nullable().optional(),
  request: idField().nullable().optional(),
});
export type MailMessageUpdateBody = z.infer<typeof MailMessageUpdateBodySchema>;

/**
 * Compose, reply or forward: the multipart fields of `POST mail/messages/` (files are the
 * `attachments` parts). Addresses are comma-separated as typed; `reply_to` or `forward_of` names
 * the message answered (threading headers and "Re: "/"Fwd: " come from it; a forward carries its
 * attachments unless `forward_attachments=false`).
 */
export const MailSendFieldsSchema = z.strictObject({
  mailbox: idField(),
  to: requiredString(5000),
  cc: optionalString(5000),
  subject: optionalString(MAIL_SUBJECT_MAX),
  text: optionalString(MAIL_BODY_MAX, { multiline: true }),
  reply_to: idField().optional(),
  forward_of: idField().optional(),
  forward_attachments: QueryBoolean.optional(),
  client: idField().optional(),
  request: idField().optional(),
});
export type MailSendFields = z.infer<typeof MailSendFieldsSchema>;
