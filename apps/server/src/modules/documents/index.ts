import path from 'node:path';
import { DOCUMENTS_ACCESS } from '@app/shared';
import { createBlobStore } from '../../platform/blob-store.ts';
import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { App } from '../../platform/types.ts';
import { auditRegistry } from '../audit/audit.service.ts';
import { documentsRoutes } from './documents.routes.ts';
import { createDocumentsService, DOCUMENT_FILE_ENTITY, DOCUMENT_FOLDER_ENTITY } from './documents.service.ts';

/** Folders and files (decision 0014). No demo data yet. */
async function registerDocumentsModule(app: App, core: Core): Promise<void> {
  for (const entity of [DOCUMENT_FOLDER_ENTITY, DOCUMENT_FILE_ENTITY])
    auditRegistry.register(entity, DOCUMENTS_ACCESS);
  await documentsRoutes(app, {
    documents: createDocumentsService({ db: core.db }),
    blobs: createBlobStore(path.join(core.config.dataDir, 'blobs')),
    maxBytes: core.config.documentMaxBytes,
  });
}

export const documentsModule: ServerModule = { name: 'documents', register: registerDocumentsModule };
