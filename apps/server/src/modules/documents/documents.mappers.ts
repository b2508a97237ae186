import type { DocumentFile, DocumentFolder } from '@app/shared';
import type { FileRow, FolderRow } from './documents.repository.ts';

export const toDocumentFolder = (r: FolderRow): DocumentFolder => ({
  id: r.id,
  parent: r.parent_id,
  name: r.name,
  client: r.client_id,
  request: r.request_id,
  created_by: r.created_by,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
  version: r.version,
});

export const toDocumentFile = (r: FileRow): DocumentFile => ({
  id: r.id,
  folder: r.folder_id,
  name: r.name,
  content_hash: r.content_hash,
  mime: r.mime,
  size: r.size,
  uploaded_by: r.uploaded_by,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});
