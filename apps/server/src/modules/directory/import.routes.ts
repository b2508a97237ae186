import {
  DIRECTORY_ACCESS,
  envelope,
  IMPORT_AREAS,
  IMPORT_MAX_BYTES,
  ImportPreviewSchema,
  ImportReportSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { ctxOf } from '../../platform/access.plugin.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/types.ts';
import type { ImportService } from './import.service.ts';

/** The uploaded file and the text fields around it, in whatever order the form sent them. */
async function readUpload(
  request: FastifyRequest,
): Promise<{ fileName: string; data: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA', 'Send the file as multipart/form-data in the field "file".');
  let file: { fileName: string; data: Buffer } | null = null;
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })) {
    if (part.type === 'file') file = { fileName: part.filename || 'upload.csv', data: await part.toBuffer() };
    else fields[part.fieldname] = String(part.value);
  }
  if (!file || file.data.length === 0) throw AppError.fields({ file: ['Required field'] });
  return { ...file, fields };
}

function mappingOf(fields: Record<string, string>): unknown {
  if (fields.mapping === undefined || fields.mapping === '') return undefined;
  try {
    return JSON.parse(fields.mapping);
  } catch {
    throw AppError.fields({ mapping: ['Invalid field value'] });
  }
}

export async function importRoutes(app: App, { imports }: { imports: ImportService }) {
  for (const area of IMPORT_AREAS) {
    const config = { access: DIRECTORY_ACCESS.writeClientsSuppliers };
    const tags = [`directory: ${area}`];

    app.post(
      `/${area}/import/preview/`,
      {
        config,
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelope(ImportPreviewSchema) } },
      },
      async (request) => {
        const upload = await readUpload(request);
        return { data: await imports.preview(area, upload.fileName, upload.data) };
      },
    );

    app.post(
      `/${area}/import/`,
      {
        config,
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelope(ImportReportSchema) } },
      },
      async (request) => {
        const upload = await readUpload(request);
        const report = await imports.commit(
          ctxOf(request),
          area,
          upload.fileName,
          upload.data,
          mappingOf(upload.fields),
        );
        request.log.info(
          {
            area,
            imported: report.imported,
            refused: report.refused.length,
            skipped: report.skipped_duplicates.length,
          },
          'directory import',
        );
        return { data: report };
      },
    );
  }
}
