import type { DocumentFile, DocumentFolder } from '@app/shared';
import type { FileRow, FileView, FolderRow, FolderView } from './documents.repository.ts';

export const toDocumentFolder = (r: FolderRow | FolderView): DocumentFolder => ({
  id: r.id,
  parent: r.parent_id,
  name: r.name,
  client: r.client_id,
  request: r.request_id,
  created_by: r.created_by,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
  version: r.version,
  has_children: 'has_children' in r ? Boolean(r.has_children) : false,
});

export const toDocumentFile = (r: FileRow | FileView): DocumentFile => ({
  id: r.id,
  folder: r.folder_id,
  name: r.name,
  content_hash: r.content_hash,
  mime: r.mime,
  size: Number(r.size),
  uploaded_by:
    r.uploaded_by !== null && 'uploader_name' in r && r.uploader_name !== null
      ? { id: r.uploaded_by, name: r.uploader_name }
      : null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});
