import { open } from 'node:fs/promises';
import {
  DOCUMENT_FOLDER_DELETE_ACCESS,
  DOCUMENT_INLINE_TYPES,
  DOCUMENT_MESSAGES,
  DOCUMENTS_ACCESS,
  DocumentDownloadQuerySchema,
  DocumentFileListQuerySchema,
  DocumentFileSchema,
  DocumentFileUpdateBodySchema,
  DocumentFolderCreateBodySchema,
  DocumentFolderDeleteQuerySchema,
  DocumentFolderDetailSchema,
  DocumentFolderListQuerySchema,
  DocumentFolderSchema,
  DocumentFolderUpdateBodySchema,
  DocumentRecordFolderBodySchema,
  DocumentSettingsSchema,
  envelope,
  IdParamsSchema,
  listEnvelope,
  MESSAGES,
  queryIdField,
  sanitiseUploadName,
} from '@app/shared';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { AppError } from '../../platform/errors.ts';
import { streamUpload } from '../../platform/multipart.ts';
import type { App } from '../../platform/types.ts';
import type { DocumentsService, UploadedFile } from './documents.service.ts';

const tags = ['documents'];
/** Files in one upload: a drop of a folder's worth, not a whole disk. */
const DOCUMENT_UPLOAD_MAX_FILES = 50;
const access = { access: DOCUMENTS_ACCESS };

// Shown inline, a file may not run script or load anything; an image or PDF needs nothing else.
const INLINE_CSP =
  "default-src 'none'; img-src 'self'; object-src 'self'; style-src 'unsafe-inline'; sandbox";

/** A file whose bytes are gone from the store (a lost disk, a restore without blobs): said plainly. */
const CONTENT_MISSING = (name: string) =>
  new AppError(
    'NOT_FOUND',
    `The content of "${name}" is missing from the file store. Upload the file again, or ask an administrator to restore the store.`,
  );

/** `filename` for old clients (ASCII, quotes and separators replaced), `filename*` for the rest. */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export async function documentsRoutes(
  app: App,
  { documents, blobs, maxBytes }: { documents: DocumentsService; blobs: BlobStore; maxBytes: number },
) {
  app.get(
    '/documents/folders/',
    {
      config: access,
      schema: {
        tags,
        querystring: DocumentFolderListQuerySchema,
        response: { 200: listEnvelope(DocumentFolderSchema) },
      },
    },
    async (request) => documents.listFolders(request.query),
  );

  app.get(
    '/documents/folders/:id/',
    {
      config: access,
      schema: { tags, params: IdParamsSchema, response: { 200: envelope(DocumentFolderDetailSchema) } },
    },
    async (request) => ({ data: await documents.getFolder(request.params.id) }),
  );

  // The folder of a client or a request, made on first use (the record pages' panel calls it).
  app.post(
    '/documents/folders/record/',
    {
      config: access,
      schema: {
        tags,
        body: DocumentRecordFolderBodySchema,
        response: { 200: envelope(DocumentFolderSchema), 201: envelope(DocumentFolderSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const link = body.client != null ? { client: body.client } : { request: body.request as number };
      const { folder, created } = await documents.recordFolder(ctxOf(request), link);
      return reply.status(created ? 201 : 200).send({ data: folder });
    },
  );

  app.get(
    '/documents/settings/',
    { config: access, schema: { tags, response: { 200: envelope(DocumentSettingsSchema) } } },
    async () => ({ data: { max_file_bytes: maxBytes, max_files: DOCUMENT_UPLOAD_MAX_FILES } }),
  );

  app.post(
    '/documents/folders/',
    {
      config: access,
      schema: {
        tags,
        body: DocumentFolderCreateBodySchema,
        response: { 201: envelope(DocumentFolderSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await documents.createFolder(ctxOf(request), request.body) }),
  );

  app.patch(
    '/documents/folders/:id/',
    {
      config: access,
      schema: {
        tags,
        params: IdParamsSchema,
        body: DocumentFolderUpdateBodySchema,
        response: { 200: envelope(DocumentFolderSchema) },
      },
    },
    async (request) => ({
      data: await documents.updateFolder(ctxOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/documents/folders/:id/',
    {
      config: { access: DOCUMENT_FOLDER_DELETE_ACCESS },
      schema: { tags, params: IdParamsSchema, querystring: DocumentFolderDeleteQuerySchema },
    },
    async (request, reply) => {
      await documents.deleteFolder(ctxOf(request), request.params.id, request.query.confirm ?? false);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/documents/files/',
    {
      config: access,
      schema: {
        tags,
        querystring: DocumentFileListQuerySchema,
        response: { 200: listEnvelope(DocumentFileSchema) },
      },
    },
    async (request) => documents.listFiles(request.query),
  );

  app.post(
    '/documents/files/',
    {
      config: access,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ data: z.array(DocumentFileSchema) }) },
      },
    },
    async (request, reply) => {
      const tooLarge = DOCUMENT_MESSAGES.tooLarge(maxBytes);
      const received = await streamUpload(request, {
        maxBytes,
        maxFiles: DOCUMENT_UPLOAD_MAX_FILES,
        what: 'the files (in "file" fields) and the folder',
        tooLarge,
        onFile: (stream, name) => blobs.put(stream, { maxBytes, tooLarge, name }),
      });
      const folder = queryIdField().safeParse(received.fields.folder);
      if (received.fields.folder === undefined) throw AppError.fields({ folder: [MESSAGES.required] });
      if (!folder.success) throw AppError.fields({ folder: [MESSAGES.invalidValue] });
      if (received.files.length === 0) throw AppError.fields({ file: [DOCUMENT_MESSAGES.noFiles] });
      const uploads: UploadedFile[] = [];
      for (const f of received.files) {
        // An upload's name is its base name: `../../x.pdf` is kept as `x.pdf` (decision 0014).
        const name = sanitiseUploadName(f.fileName);
        if (!name) throw AppError.fields({ name: [DOCUMENT_MESSAGES.badName] });
        if (f.stored.size === 0) throw AppError.fields({ file: [DOCUMENT_MESSAGES.emptyFile(name)] });
        uploads.push({ ...f.stored, name });
      }
      const data = await documents.addFiles(ctxOf(request), folder.data as number, uploads);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/documents/files/:id/download/',
    { config: access, schema: { tags, params: IdParamsSchema, querystring: DocumentDownloadQuerySchema } },
    async (request, reply) => {
      const file = await documents.getFile(request.params.id);
      // Opened before any header is set: a missing blob is a plain 404, never a broken 200 or a 500.
      // Once open, the bytes stay readable even if the sweep unlinks the blob meanwhile.
      const handle = await open(blobs.pathOf(file.content_hash)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') throw CONTENT_MISSING(file.name);
        throw err;
      });
      const inline =
        request.query.inline === true && (DOCUMENT_INLINE_TYPES as readonly string[]).includes(file.mime);
      reply
        .header('Content-Type', file.mime === 'text/plain' ? 'text/plain; charset=utf-8' : file.mime)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      if (inline) reply.header('Content-Security-Policy', INLINE_CSP);
      return reply.send(handle.createReadStream());
    },
  );

  app.patch(
    '/documents/files/:id/',
    {
      config: access,
      schema: {
        tags,
        params: IdParamsSchema,
        body: DocumentFileUpdateBodySchema,
        response: { 200: envelope(DocumentFileSchema) },
      },
    },
    async (request) => ({
      data: await documents.updateFile(ctxOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/documents/files/:id/',
    { config: access, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      await documents.deleteFile(ctxOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
