import {
  ACCOUNTING_ACCESS,
  BILL_FILE_MAX_BYTES,
  BillableLineSchema,
  BillableLinesQuerySchema,
  BillListQuerySchema,
  BillRecordSchema,
  billListEnvelope,
  type CreateBillFields,
  CreateBillFieldsSchema,
  envelope,
  IdParamsSchema,
  UpdateBillBodySchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { Core } from '../../platform/core.ts';
import { AppError, type FieldErrors } from '../../platform/errors.ts';
import { readUpload } from '../../platform/multipart.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { createRatesService } from '../rates/rates.service.ts';
import { BILL_FILE_CONTENT_TYPES, createBillFiles } from './bill-files.ts';
import { FILE_TOO_LARGE } from './bills.errors.ts';
import { BILL_ENTITY, type BillFileInput, createBillsService } from './bills.service.ts';

const tags = ['supplier invoices'];
const access = { access: ACCOUNTING_ACCESS };
const record = { 200: envelope(BillRecordSchema) };

/** The file of a multipart body, its size bound answered as FILE_TOO_LARGE. */
async function readBillUpload(request: FastifyRequest) {
  try {
    return await readUpload(request, {
      maxBytes: BILL_FILE_MAX_BYTES,
      what: 'the bill',
      tooLarge: FILE_TOO_LARGE().message,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') throw FILE_TOO_LARGE();
    throw error;
  }
}

const PLAIN_ID = /^[1-9]\d{0,9}$/;
/** A plain id becomes a number for the schema; anything else stays text and is refused there. */
const idValue = (v: string) => {
  const s = v.trim();
  if (s === '') return undefined;
  return PLAIN_ID.test(s) ? Number(s) : s;
};

/** `lines` as a JSON array (`[12, 13]`) or comma-separated ids (`12,13`). */
function linesValue(v: string): unknown {
  const s = v.trim();
  if (s.startsWith('[')) {
    try {
      return JSON.parse(s);
    } catch {
      return s;
    }
  }
  return s === '' ? [] : s.split(',').map(idValue);
}

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

/** The text fields of the multipart body, typed by the contract (field errors as JSON bodies get them). */
export function parseBillFields(raw: Record<string, string>): CreateBillFields {
  const input: Record<string, unknown> = { ...raw };
  for (const key of ['supplier', 'company'] as const) if (key in raw) input[key] = idValue(raw[key]!);
  if ('lines' in raw) input.lines = linesValue(raw.lines!);
  const parsed = CreateBillFieldsSchema.safeParse(input);
  if (!parsed.success) throw AppError.fields(issuesToFields(parsed.error.issues));
  return parsed.data;
}

/** RFC 5987: `filename*=UTF-8''Facture%20n%C2%B0%2012.pdf`. */
const encodeFileName = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Supplier invoices (bills) with their file (decision 0010). Admin and Accountant only. */
export async function billsRoutes(app: App, core: Core): Promise<void> {
  const bills = createBillsService({
    db: core.db,
    rates: createRatesService({ db: core.db }),
    files: createBillFiles(core.config.dataDir),
    log: core.log,
  });
  auditRegistry.register(BILL_ENTITY, ACCOUNTING_ACCESS);

  app.get(
    '/supplier-invoices/',
    {
      config: access,
      schema: { tags, querystring: BillListQuerySchema, response: { 200: billListEnvelope } },
    },
    async (request) => bills.list(request.query),
  );

  app.get(
    '/supplier-invoices/billable-lines/',
    {
      config: access,
      schema: {
        tags,
        querystring: BillableLinesQuerySchema,
        response: { 200: envelope(z.array(BillableLineSchema)) },
      },
    },
    async (request) => ({ data: await bills.billableLines(request.query) }),
  );

  app.post(
    '/supplier-invoices/',
    {
      config: access,
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: envelope(BillRecordSchema) } },
    },
    async (request, reply) => {
      const upload = await readBillUpload(request);
      const fields = parseBillFields(upload.fields);
      const file: BillFileInput = { fileName: upload.fileName, data: upload.data };
      return reply.status(201).send({ data: await bills.create(ctxOf(request), fields, file) });
    },
  );

  app.get(
    '/supplier-invoices/:id/',
    { config: access, schema: { tags, params: IdParamsSchema, response: record } },
    async (request) => ({ data: await bills.get(request.params.id) }),
  );

  app.patch(
    '/supplier-invoices/:id/',
    {
      config: access,
      schema: { tags, params: IdParamsSchema, body: UpdateBillBodySchema, response: record },
    },
    async (request) => ({ data: await bills.update(ctxOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/supplier-invoices/:id/file/',
    {
      config: access,
      schema: { tags, params: IdParamsSchema, produces: Object.values(BILL_FILE_CONTENT_TYPES) },
    },
    async (request, reply) => {
      const file = await bills.file(request.params.id);
      return reply
        .header('Content-Type', BILL_FILE_CONTENT_TYPES[file.type])
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeFileName(file.name)}`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.post(
    '/supplier-invoices/:id/file/',
    {
      config: access,
      schema: { tags, params: IdParamsSchema, consumes: ['multipart/form-data'], response: record },
    },
    async (request) => {
      // The body is read before the bill is looked up: a broken upload is a 400 whatever the id.
      const upload = await readBillUpload(request);
      const file: BillFileInput = { fileName: upload.fileName, data: upload.data };
      return { data: await bills.replaceFile(ctxOf(request), request.params.id, file) };
    },
  );
}
