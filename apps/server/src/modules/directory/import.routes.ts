import {
  DIRECTORY_ACCESS,
  envelope,
  IMPORT_AREAS,
  IMPORT_MAX_BYTES,
  ImportPreviewSchema,
  ImportReportSchema,
  MESSAGES,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { ctxOf } from '../../platform/access.plugin.ts';
import { AppError } from '../../platform/errors.ts';
import { readUpload } from '../../platform/multipart.ts';
import type { App } from '../../platform/types.ts';
import type { ImportService } from './import.service.ts';

/** The uploaded file and the text fields around it, in whatever order the form sent them. */
async function readImport(request: FastifyRequest) {
  const upload = await readUpload(request, {
    maxBytes: IMPORT_MAX_BYTES,
    what: 'the file',
    tooLarge: `The file must be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  });
  return { ...upload, fileName: upload.fileName || 'upload.csv' };
}

function mappingOf(fields: Record<string, string>): unknown {
  if (fields.mapping === undefined || fields.mapping === '') return undefined;
  try {
    return JSON.parse(fields.mapping);
  } catch {
    throw AppError.fields({ mapping: [MESSAGES.invalidValue] });
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
        const upload = await readImport(request);
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
        const upload = await readImport(request);
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
