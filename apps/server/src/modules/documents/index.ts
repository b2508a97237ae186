import path from 'node:path';
import { DOCUMENTS_ACCESS } from '@app/shared';
import { createBlobStore } from '../../platform/blob-store.ts';
import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { BLOB_SWEEP_INTERVAL_MS, BLOB_SWEEP_JOB, sweepBlobs } from './blob-sweep.job.ts';
import { documentsRoutes } from './documents.routes.ts';
import { seedDocuments } from './documents.seed.ts';
import { createDocumentsService, DOCUMENT_FILE_ENTITY, DOCUMENT_FOLDER_ENTITY } from './documents.service.ts';

/** Folders and files (decision 0014), the blob store they share with mail, and its sweep. */
async function registerDocumentsModule(app: App, core: Core): Promise<void> {
  for (const entity of [DOCUMENT_FOLDER_ENTITY, DOCUMENT_FILE_ENTITY])
    auditRegistry.register(entity, DOCUMENTS_ACCESS);
  const blobRoot = path.join(core.config.dataDir, 'blobs');
  await documentsRoutes(app, {
    documents: createDocumentsService({ db: core.db }),
    blobs: createBlobStore(blobRoot),
    maxBytes: core.config.documentMaxBytes,
  });
  // Blobs no file or mail attachment names any more (deletes leave them): removed after an hour.
  core.jobs.every(BLOB_SWEEP_JOB, BLOB_SWEEP_INTERVAL_MS, async (ctx) => {
    const swept = await sweepBlobs(ctx, blobRoot);
    if (swept.removed || swept.temporary)
      ctx.log.info({ job: BLOB_SWEEP_JOB, ...swept }, 'unused blobs removed');
  });
}

export const documentsModule: ServerModule = {
  name: 'documents',
  register: registerDocumentsModule,
  seed: seedDocuments,
};
