import {
  envelope,
  IdParamsSchema,
  MAIL_ACCESS,
  MAILBOX_ADMIN_ACCESS,
  MailboxCreateBodySchema,
  MailboxSchema,
  MailboxTestBodySchema,
  MailboxTestResultSchema,
  MailboxUpdateBodySchema,
  MailFolderSchema,
} from '@app/shared';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import type { MailDeps } from './mail.deps.ts';
import { createMailboxesService, MAILBOX_ENTITY } from './mailboxes.service.ts';

const tags = ['mail'];
const admin = { access: MAILBOX_ADMIN_ACCESS };

/** Mailbox settings (Admin), "test connection", and the folders a reader picks from (API.md "Mail"). */
export async function mailboxesRoutes(app: App, deps: MailDeps): Promise<void> {
  const mailboxes = createMailboxesService(deps);
  // A mailbox's history is its settings': read by whoever may change them.
  auditRegistry.register(MAILBOX_ENTITY, MAILBOX_ADMIN_ACCESS);

  app.get(
    '/mail/mailboxes/',
    {
      config: { access: MAIL_ACCESS },
      schema: { tags, response: { 200: envelope(z.array(MailboxSchema)) } },
    },
    async (request) => ({ data: await mailboxes.list(ctxOf(request).user) }),
  );

  app.post(
    '/mail/mailboxes/',
    {
      config: admin,
      schema: { tags, body: MailboxCreateBodySchema, response: { 201: envelope(MailboxSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await mailboxes.create(ctxOf(request), request.body) }),
  );

  // Before `/:id/`: `test` is not an id.
  app.post(
    '/mail/mailboxes/test/',
    {
      config: admin,
      schema: { tags, body: MailboxTestBodySchema, response: { 200: envelope(MailboxTestResultSchema) } },
    },
    async (request) => ({ data: await mailboxes.test(request.body) }),
  );

  app.patch(
    '/mail/mailboxes/:id/',
    {
      config: admin,
      schema: {
        tags,
        params: IdParamsSchema,
        body: MailboxUpdateBodySchema,
        response: { 200: envelope(MailboxSchema) },
      },
    },
    async (request) => ({ data: await mailboxes.update(ctxOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/mail/mailboxes/:id/folders/',
    {
      config: { access: MAIL_ACCESS },
      schema: { tags, params: IdParamsSchema, response: { 200: envelope(z.array(MailFolderSchema)) } },
    },
    async (request) => ({ data: await mailboxes.folders(ctxOf(request).user, request.params.id) }),
  );
}
