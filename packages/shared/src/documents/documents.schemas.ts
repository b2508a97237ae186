import { z } from 'zod';
import { ListQuerySchema, QueryBoolean } from '../api/envelope.ts';
import { versionField } from '../directory/common.schemas.ts';
import { idField, queryIdField, requiredString } from '../validation/fields.schemas.ts';
import { DOCUMENT_MESSAGES } from './documents.messages.ts';
import { DOCUMENT_NAME_MAX, isValidDocumentName } from './documents.names.ts';

/** A folder or file name typed by a person: refused (never altered) when it is not acceptable. */
export const documentNameField = () =>
  requiredString(DOCUMENT_NAME_MAX).refine(
    // Empty and overlong names already have their message: one message per problem.
    (v) => v.length === 0 || v.length > DOCUMENT_NAME_MAX || isValidDocumentName(v),
    DOCUMENT_MESSAGES.badName,
  );

export const DocumentFolderSchema = z.object({
  id: z.number().int(),
  parent: z.number().int().nullable(),
  name: z.string(),
  client: z.number().int().nullable(),
  request: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  /** Whether the folder has subfolders (the tree shows an expander only then). */
  has_children: z.boolean(),
});
export type DocumentFolder = z.infer<typeof DocumentFolderSchema>;

/** One folder with the folders above it, top first (for the breadcrumb and to open the tree at it). */
export const DocumentFolderDetailSchema = DocumentFolderSchema.extend({
  path: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type DocumentFolderDetail = z.infer<typeof DocumentFolderDetailSchema>;

/**
 * The folder of a client or a request, made on first use (a client's under "Clients", a
 * request's under "Requests"; a request normally has its folder from its creation).
 */
export const DocumentRecordFolderBodySchema = z
  .strictObject({
    client: idField().optional(),
    request: idField().optional(),
  })
  .refine((b) => (b.client == null) !== (b.request == null), {
    message: DOCUMENT_MESSAGES.recordLink,
    path: ['request'],
  });
export type DocumentRecordFolderBody = z.infer<typeof DocumentRecordFolderBodySchema>;

/** Children of `parent`, or the root folders when it is absent; optionally a client's or request's. */
export const DocumentFolderListQuerySchema = z.object({
  ...ListQuerySchema.pick({ limit: true, offset: true }).shape,
  parent: queryIdField().optional(),
  client: queryIdField().optional(),
  request: queryIdField().optional(),
});
export type DocumentFolderListQuery = z.infer<typeof DocumentFolderListQuerySchema>;

export const DocumentFolderCreateBodySchema = z
  .strictObject({
    name: documentNameField(),
    parent: idField().nullable().optional(),
    client: idField().nullable().optional(),
    request: idField().nullable().optional(),
  })
  .refine((b) => b.client == null || b.request == null, {
    message: DOCUMENT_MESSAGES.oneLink,
    path: ['request'],
  });
export type DocumentFolderCreateBody = z.infer<typeof DocumentFolderCreateBodySchema>;

/** Rename and/or move (`parent: null` moves to the top); `version` when the caller wants a stale check. */
export const DocumentFolderUpdateBodySchema = z.strictObject({
  name: documentNameField().optional(),
  parent: idField().nullable().optional(),
  version: versionField().optional(),
});
export type DocumentFolderUpdateBody = z.infer<typeof DocumentFolderUpdateBodySchema>;

export const DocumentFolderDeleteQuerySchema = z.object({ confirm: QueryBoolean.optional() });

export const DocumentFileSchema = z.object({
  id: z.number().int(),
  folder: z.number().int(),
  name: z.string(),
  content_hash: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** Who uploaded it (null once that user is deleted). */
  uploaded_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentFile = z.infer<typeof DocumentFileSchema>;

export const DocumentFileListQuerySchema = z.object({
  ...ListQuerySchema.pick({ limit: true, offset: true }).shape,
  folder: queryIdField(),
});
export type DocumentFileListQuery = z.infer<typeof DocumentFileListQuerySchema>;

export const DocumentFileUpdateBodySchema = z.strictObject({
  name: documentNameField().optional(),
  folder: idField().optional(),
});
export type DocumentFileUpdateBody = z.infer<typeof DocumentFileUpdateBodySchema>;

export const DocumentDownloadQuerySchema = z.object({ inline: QueryBoolean.optional() });

/** Types a browser may show inline (the rest always download). */
export const DOCUMENT_INLINE_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;

/** What the upload takes (the server's configuration), so the web can refuse a file before sending it. */
export const DocumentSettingsSchema = z.object({
  max_file_bytes: z.number().int(),
  max_files: z.number().int(),
});
export type DocumentSettings = z.infer<typeof DocumentSettingsSchema>;
