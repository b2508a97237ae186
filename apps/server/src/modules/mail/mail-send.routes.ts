import {
  envelope,
  MAIL_ACCESS,
  MAIL_ATTACHMENTS_MAX_BYTES,
  MAIL_MESSAGES,
  MailMessageSchema,
  type MailSendFields,
  MailSendFieldsSchema,
  sanitiseUploadName,
} from '@app/shared';
import type { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import { AppError, type FieldErrors } from '../../platform/errors.ts';
import { streamUpload } from '../../platform/multipart.ts';
import type { App } from '../../platform/types.ts';
import type { MailDeps } from './mail.deps.ts';
import {
  ATTACHMENTS_TOO_LARGE,
  createMailSendService,
  type UploadedAttachment,
} from './mail-send.service.ts';

const tags = ['mail'];
/** Attachments in one message. */
const MAIL_ATTACHMENTS_MAX_FILES = 50;
const ID_FIELDS = ['mailbox', 'reply_to', 'forward_of', 'client', 'request'] as const;
const PLAIN_ID = /^[1-9]\d{0,9}$/;

/** A plain id becomes a number for the schema; anything else stays text and is refused there. */
const idValue = (v: string) => {
  const s = v.trim();
  if (s === '') return undefined;
  return PLAIN_ID.test(s) ? Number(s) : s;
};

function issuesToFields(issues: z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0] ?? 'detail')];
    const message =
      issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : issue.message;
    for (const key of keys) fields[key] = [...(fields[key] ?? []), message];
  }
  return fields;
}

/** The text fields of the multipart body, typed by the contract. */
export function parseSendFields(raw: Record<string, string>): MailSendFields {
  const input: Record<string, unknown> = { ...raw };
  for (const key of ID_FIELDS) if (key in raw) input[key] = idValue(raw[key]!);
  if (raw.forward_attachments === '') delete input.forward_attachments;
  const parsed = MailSendFieldsSchema.safeParse(input);
  if (!parsed.success) throw AppError.fields(issuesToFields(parsed.error.issues));
  return parsed.data;
}

/** `POST mail/messages/`: compose, reply or forward, with attachments (API.md "Mail", decision 0014). */
export async function mailSendRoutes(app: App, deps: MailDeps): Promise<void> {
  const sender = createMailSendService({
    db: deps.db,
    blobs: deps.blobs,
    secrets: deps.secrets,
    log: app.log,
  });

  app.post(
    '/mail/messages/',
    {
      config: { access: MAIL_ACCESS },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(MailMessageSchema) },
      },
    },
    async (request, reply) => {
      const tooLarge = MAIL_MESSAGES.attachmentsTooLarge(MAIL_ATTACHMENTS_MAX_BYTES);
      // The bound is on all attachments together: each part gets what the ones before it left.
      let total = 0;
      let received: Awaited<ReturnType<typeof streamUpload<UploadedAttachment | null>>>;
      try {
        received = await streamUpload(request, {
          maxBytes: MAIL_ATTACHMENTS_MAX_BYTES,
          maxFiles: MAIL_ATTACHMENTS_MAX_FILES,
          what: 'the message fields and its files (in "attachments" fields)',
          tooLarge,
          onFile: async (stream, fileName) => {
            const stored = await deps.blobs.put(stream, {
              maxBytes: MAIL_ATTACHMENTS_MAX_BYTES - total,
              tooLarge,
              name: fileName,
            });
            total += stored.size;
            // A file input left empty sends a part without a name or bytes.
            if (stored.size === 0 && !fileName) return null;
            const filename = sanitiseUploadName(fileName) ?? 'attachment';
            return { filename, hash: stored.hash, size: stored.size, mime: stored.mime };
          },
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') throw ATTACHMENTS_TOO_LARGE();
        throw error;
      }
      const fields = parseSendFields(received.fields);
      const uploads = received.files.flatMap((f) => (f.stored ? [f.stored] : []));
      const data = await sender.send(ctxOf(request), fields, uploads);
      return reply.status(201).send({ data });
    },
  );
}
