import {
  ACCOUNTING_ACCESS,
  envelope,
  IdParamsSchema,
  MESSAGES,
  STATEMENT_MAX_BYTES,
  STATEMENT_MESSAGES,
  StatementImportListQuerySchema,
  StatementImportSchema,
  StatementPreviewSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { Core } from '../../platform/core.ts';
import { AppError } from '../../platform/errors.ts';
import { readUpload } from '../../platform/multipart.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import {
  createStatementImportService,
  STATEMENT_IMPORT_ENTITY,
  STATEMENT_TOO_LARGE,
  type StatementUpload,
} from './statement-import.service.ts';

const tags = ['transactions'];
const access = { access: ACCOUNTING_ACCESS };
const PLAIN_ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

/** The multipart body: the file, `bank` (id), `mapping` (JSON) and `commit` ('true' imports). */
async function readStatementUpload(request: FastifyRequest): Promise<StatementUpload & { commit: boolean }> {
  let upload: Awaited<ReturnType<typeof readUpload>>;
  try {
    upload = await readUpload(request, {
      maxBytes: STATEMENT_MAX_BYTES,
      what: 'the statement',
      tooLarge: STATEMENT_MESSAGES.tooLarge,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') throw STATEMENT_TOO_LARGE();
    throw error;
  }
  const bank = upload.fields.bank?.trim() ?? '';
  if (bank === '') throw AppError.fields({ bank: [MESSAGES.required] });
  if (!PLAIN_ID.test(bank) || Number(bank) > MAX_ID) throw AppError.fields({ bank: [MESSAGES.invalidValue] });
  return {
    bankId: Number(bank),
    fileName: upload.fileName,
    content: upload.data,
    mapping: upload.fields.mapping,
    commit: upload.fields.commit?.trim() === 'true',
  };
}

/**
 * Bank statement import (decision 0011, "Statement import"): a preview, then the import in the
 * background whose progress the web polls. Admin and Accountant only.
 */
export async function statementImportRoutes(app: App, core: Core): Promise<void> {
  const imports = createStatementImportService({ db: core.db, background: core.background, log: core.log });
  auditRegistry.register(STATEMENT_IMPORT_ENTITY, ACCOUNTING_ACCESS);

  app.post(
    '/transactions/import/',
    {
      config: access,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(StatementPreviewSchema), 202: envelope(StatementImportSchema) },
      },
    },
    async (request, reply) => {
      const { commit, ...upload } = await readStatementUpload(request);
      const ctx = ctxOf(request);
      if (!commit) return { data: await imports.preview(ctx, upload) };
      return reply.status(202).send({ data: await imports.commit(ctx, upload) });
    },
  );

  app.get(
    '/transactions/import/',
    {
      config: access,
      schema: {
        tags,
        querystring: StatementImportListQuerySchema,
        response: { 200: envelope(z.array(StatementImportSchema)) },
      },
    },
    async (request) => ({ data: await imports.list(request.query.bank) }),
  );

  app.get(
    '/transactions/import/:id/',
    {
      config: access,
      schema: { tags, params: IdParamsSchema, response: { 200: envelope(StatementImportSchema) } },
    },
    async (request) => ({ data: await imports.get(request.params.id) }),
  );
}
