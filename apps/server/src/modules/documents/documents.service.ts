import {
  DOCUMENT_MESSAGES,
  type DocumentFile,
  type DocumentFileUpdateBody,
  type DocumentFolder,
  type DocumentFolderCreateBody,
  type DocumentFolderListQuery,
  type DocumentFolderUpdateBody,
  type ListResult,
  MESSAGES,
} from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import type { StoredBlob } from '../../platform/blob-store.ts';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.service.ts';
import { toDocumentFile, toDocumentFolder } from './documents.mappers.ts';
import { type FileRow, type FolderRow, documentsRepository as repo } from './documents.repository.ts';

export const DOCUMENT_FOLDER_ENTITY = 'document_folder';
export const DOCUMENT_FILE_ENTITY = 'document_file';

const folderSnapshot = (r: FolderRow) => ({
  name: r.name,
  parent: r.parent_id,
  client: r.client_id,
  request: r.request_id,
});
const fileSnapshot = (r: FileRow) => ({
  name: r.name,
  folder: r.folder_id,
  mime: r.mime,
  size: r.size,
  content_hash: r.content_hash,
});

const NAME_TAKEN = () => AppError.fields({ name: [MESSAGES.unique] });
const FOLDER_NOT_FOUND = () => AppError.notFound('Folder');
const FILE_NOT_FOUND = () => AppError.notFound('File');
const NO_SUCH = (field: string) => AppError.fields({ [field]: [MESSAGES.invalidValue] });

/** A database error of a folder write as the answer the caller should get. */
function folderWriteError(err: unknown): unknown {
  if (isUniqueViolation(err, 'document_folders_client_key'))
    return AppError.fields({ client: [MESSAGES.unique] });
  if (isUniqueViolation(err, 'document_folders_request_key'))
    return AppError.fields({ request: [MESSAGES.unique] });
  if (isUniqueViolation(err)) return NAME_TAKEN();
  return err;
}

export interface UploadedFile extends StoredBlob {
  name: string;
}

export function createDocumentsService({ db }: { db: Db }) {
  async function mustFolder(tx: Tx, id: number, field: string): Promise<FolderRow> {
    const row = await repo.findFolder(tx, id);
    if (!row) throw NO_SUCH(field);
    return row;
  }

  return {
    async listFolders(q: DocumentFolderListQuery): Promise<ListResult<DocumentFolder>> {
      const { rows, total } = await repo.listFolders(db, q, q.limit, q.offset);
      return { data: rows.map(toDocumentFolder), meta: { total, limit: q.limit, offset: q.offset } };
    },

    async createFolder(ctx: Ctx, body: DocumentFolderCreateBody): Promise<DocumentFolder> {
      try {
        return await db.transaction(async (tx) => {
          if (body.parent != null) await mustFolder(tx, body.parent, 'parent');
          const row = await repo.insertFolder(tx, {
            name: body.name,
            parent_id: body.parent ?? null,
            client_id: body.client ?? null,
            request_id: body.request ?? null,
            created_by: ctx.user.id,
          });
          await recordChange(tx, ctx, DOCUMENT_FOLDER_ENTITY, row.id, null, folderSnapshot(row));
          return toDocumentFolder(row);
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) {
          const field = body.client != null ? 'client' : 'request';
          throw NO_SUCH(field);
        }
        throw folderWriteError(err);
      }
    },

    async updateFolder(ctx: Ctx, id: number, body: DocumentFolderUpdateBody): Promise<DocumentFolder> {
      try {
        return await db.transaction(async (tx) => {
          const before = await repo.findFolder(tx, id, true);
          if (!before) throw FOLDER_NOT_FOUND();
          if (body.version !== undefined && body.version !== before.version) throw AppError.stale();
          const parent = body.parent === undefined ? before.parent_id : body.parent;
          if (parent !== null && parent !== before.parent_id) {
            await mustFolder(tx, parent, 'parent');
            // The tree must stay a tree: a folder never goes beneath itself.
            if (await repo.isWithin(tx, id, parent))
              throw AppError.fields({ parent: [DOCUMENT_MESSAGES.moveIntoItself] });
          }
          const row = await repo.updateFolder(tx, id, { name: body.name ?? before.name, parent_id: parent });
          await recordChange(
            tx,
            ctx,
            DOCUMENT_FOLDER_ENTITY,
            id,
            folderSnapshot(before),
            folderSnapshot(row),
          );
          return toDocumentFolder(row);
        });
      } catch (err) {
        throw folderWriteError(err);
      }
    },

    /**
     * Deletes the folder, its subfolders and (with `confirm`) their files, in one transaction.
     * Blobs stay in the store: another file may share the content, and a concurrent upload may
     * be reusing it (a sweep of unreferenced blobs is a later job).
     */
    async deleteFolder(ctx: Ctx, id: number, confirm: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        const folder = await repo.findFolder(tx, id, true);
        if (!folder) throw FOLDER_NOT_FOUND();
        const tree = await repo.subtree(tx, id);
        const ids = tree.map((t) => t.id);
        const files = await repo.filesIn(tx, ids);
        if (files.length > 0 && !confirm)
          throw new AppError('FOLDER_NOT_EMPTY', DOCUMENT_MESSAGES.folderHasFiles(files.length), {
            rule: true,
          });
        for (const f of files) await recordChange(tx, ctx, DOCUMENT_FILE_ENTITY, f.id, fileSnapshot(f), null);
        await repo.deleteFiles(
          tx,
          files.map((f) => f.id),
        );
        const folders = new Map<number, FolderRow>([[id, folder]]);
        for (const t of tree) {
          if (!folders.has(t.id)) {
            const row = await repo.findFolder(tx, t.id);
            if (row) folders.set(t.id, row);
          }
          const row = folders.get(t.id);
          if (row) await recordChange(tx, ctx, DOCUMENT_FOLDER_ENTITY, t.id, folderSnapshot(row), null);
        }
        await repo.deleteFolders(tx, ids);
      });
    },

    async listFiles(q: { folder: number; limit: number; offset: number }): Promise<ListResult<DocumentFile>> {
      const { rows, total } = await repo.listFiles(db, q.folder, q.limit, q.offset);
      return { data: rows.map(toDocumentFile), meta: { total, limit: q.limit, offset: q.offset } };
    },

    async getFile(id: number): Promise<DocumentFile> {
      const row = await repo.findFile(db, id);
      if (!row) throw FILE_NOT_FOUND();
      return toDocumentFile(row);
    },

    /** Records stored blobs as files of a folder: all of them or, on any clash, none. */
    async addFiles(ctx: Ctx, folder: number, uploads: UploadedFile[]): Promise<DocumentFile[]> {
      try {
        return await db.transaction(async (tx) => {
          await mustFolder(tx, folder, 'folder');
          const out: DocumentFile[] = [];
          for (const u of uploads) {
            const row = await repo.insertFile(tx, {
              folder_id: folder,
              name: u.name,
              content_hash: u.hash,
              mime: u.mime,
              size: u.size,
              uploaded_by: ctx.user.id,
            });
            await recordChange(tx, ctx, DOCUMENT_FILE_ENTITY, row.id, null, fileSnapshot(row));
            out.push(toDocumentFile(row));
          }
          return out;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw NAME_TAKEN();
        throw err;
      }
    },

    async updateFile(ctx: Ctx, id: number, body: DocumentFileUpdateBody): Promise<DocumentFile> {
      try {
        return await db.transaction(async (tx) => {
          const before = await repo.findFile(tx, id, true);
          if (!before) throw FILE_NOT_FOUND();
          if (body.folder !== undefined && body.folder !== before.folder_id)
            await mustFolder(tx, body.folder, 'folder');
          const row = await repo.updateFile(tx, id, {
            name: body.name ?? before.name,
            folder_id: body.folder ?? before.folder_id,
          });
          await recordChange(tx, ctx, DOCUMENT_FILE_ENTITY, id, fileSnapshot(before), fileSnapshot(row));
          return toDocumentFile(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw NAME_TAKEN();
        throw err;
      }
    },

    async deleteFile(ctx: Ctx, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repo.findFile(tx, id, true);
        if (!before) throw FILE_NOT_FOUND();
        await repo.deleteFiles(tx, [id]);
        await recordChange(tx, ctx, DOCUMENT_FILE_ENTITY, id, fileSnapshot(before), null);
      });
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
