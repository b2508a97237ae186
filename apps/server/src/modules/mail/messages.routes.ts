import { stat } from 'node:fs/promises';
import {
  envelope,
  IdParamsSchema,
  listEnvelope,
  MAIL_ACCESS,
  MAIL_MESSAGES,
  MailMessageListQuerySchema,
  MailMessageQuerySchema,
  MailMessageSchema,
  MailMessageSummarySchema,
  MailMessageUpdateBodySchema,
  QueryBoolean,
  queryIdField,
  queryIntField,
} from '@app/shared';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/types.ts';
import type { MailDeps } from './mail.deps.ts';
import { createMessagesService } from './messages.service.ts';

const tags = ['mail'];
const access = { access: MAIL_ACCESS };

/** Shown inline, an attachment may not run script or load anything. */
const STRICT_CSP =
  "default-src 'none'; img-src 'self'; object-src 'self'; style-src 'unsafe-inline'; sandbox";
/** What the browser may show itself (never SVG or HTML: they can carry script). */
const INLINE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'];
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

const AttachmentParamsSchema = z.object({ id: queryIdField(), n: queryIntField(1, 100_000) });
const AttachmentQuerySchema = z.object({ inline: QueryBoolean.optional() });

/** `filename` for old clients (ASCII, quotes and separators replaced), `filename*` for the rest. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const base = name.replace(/[\\/]/g, '_').replace(/[\p{Cc}]/gu, '') || 'attachment';
  const ascii = base.replace(/[^\x20-\x7e]|["\\;]/g, '_');
  const encoded = encodeURIComponent(base).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Reading: the list, a message, marking and linking it, its attachments (API.md "Mail"). */
export async function messagesRoutes(app: App, deps: MailDeps): Promise<void> {
  const messages = createMessagesService(deps);

  app.get(
    '/mail/messages/',
    {
      config: access,
      schema: {
        tags,
        querystring: MailMessageListQuerySchema,
        response: { 200: listEnvelope(MailMessageSummarySchema) },
      },
    },
    async (request) => messages.list(ctxOf(request).user, request.query),
  );

  app.get(
    '/mail/messages/:id/',
    {
      config: access,
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: MailMessageQuerySchema,
        response: { 200: envelope(MailMessageSchema) },
      },
    },
    async (request) => ({
      data: await messages.get(ctxOf(request).user, request.params.id, request.query.images ?? false),
    }),
  );

  app.patch(
    '/mail/messages/:id/',
    {
      config: access,
      schema: {
        tags,
        params: IdParamsSchema,
        body: MailMessageUpdateBodySchema,
        response: { 200: envelope(MailMessageSchema) },
      },
    },
    async (request) => ({
      data: await messages.update(ctxOf(request).user, request.params.id, request.body),
    }),
  );

  app.get(
    '/mail/messages/:id/attachments/:n/',
    { config: access, schema: { tags, params: AttachmentParamsSchema, querystring: AttachmentQuerySchema } },
    async (request, reply) => {
      const a = await messages.attachment(ctxOf(request).user, request.params.id, request.params.n);
      // The sender's word for the type: shown inline only when it is an image or a PDF and asked so.
      const type = a.content_type.toLowerCase().split(';')[0]!.trim();
      const inline = request.query.inline === true && INLINE_TYPES.includes(type);
      // The blob's own size (a missing blob is a 404 before any header goes out).
      const size = await stat(deps.blobs.pathOf(a.content_hash)).then(
        (s) => s.size,
        () => {
          throw new AppError('NOT_FOUND', MAIL_MESSAGES.attachmentNotStored);
        },
      );
      reply
        .header('Content-Type', MIME.test(type) ? type : 'application/octet-stream')
        .header('Content-Length', String(size))
        .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', a.filename))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', STRICT_CSP)
        .header('Cache-Control', 'private, no-store');
      return reply.send(deps.blobs.open(a.content_hash));
    },
  );
}
