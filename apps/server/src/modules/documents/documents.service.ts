import {
  DOCUMENT_MESSAGES,
  type DocumentFile,
  type DocumentFileUpdateBody,
  type DocumentFolder,
  type DocumentFolderCreateBody,
  type DocumentFolderDetail,
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
/** The top folders records' folders are made in (decision 0014). */
export const CLIENTS_ROOT = 'Clients';
export const REQUESTS_ROOT = 'Requests';
/** Tries of "Name (2)", "Name (3)", ... when a record's name is taken by an unlinked folder. */
const NAME_TRIES = 20;

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

export type RecordLink = { client: number } | { request: number };

/** A record's name as a folder name: separators and control characters replaced, trimmed, bounded. */
export function recordFolderName(name: string, link: RecordLink): string {
  const clean = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to drop them
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/[/\\]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 240)
    .trim();
  if (clean && clean !== '.' && clean !== '..') return clean;
  return 'client' in link ? `Client ${link.client}` : `Request ${link.request}`;
}

/** A top folder by name (any case), made when missing; safe against another transaction making it too. */
async function rootFolder(tx: Tx, ctx: Ctx | null, name: string): Promise<FolderRow> {
  const found = await repo.findRoot(tx, name);
  if (found) return found;
  const made = await repo.insertFolderIfFree(tx, { name, parent_id: null, created_by: ctx?.user.id ?? null });
  if (made) {
    await recordChange(tx, ctx, DOCUMENT_FOLDER_ENTITY, made.id, null, folderSnapshot(made));
    return made;
  }
  const again = await repo.findRoot(tx, name);
  if (!again) throw new Error(`The top folder ${name} could be neither made nor found`);
  return again;
}

/**
 * The folder linked to a client or a request, made on first use under "Clients" or "Requests"
 * and named after the record ("Name (2)" when an unlinked folder has the name). Runs in the
 * caller's transaction; `undefined` when the record does not exist.
 */
export async function linkedFolderIn(
  tx: Tx,
  ctx: Ctx | null,
  link: RecordLink,
  knownName?: string,
): Promise<{ folder: FolderRow; created: boolean } | undefined> {
  const existing = await repo.findLinked(tx, link);
  if (existing) return { folder: existing, created: false };
  const name = knownName ?? (await repo.recordName(tx, link));
  if (name === undefined) return undefined;
  const root = await rootFolder(tx, ctx, 'client' in link ? CLIENTS_ROOT : REQUESTS_ROOT);
  const base = recordFolderName(name, link);
  for (let n = 1; n <= NAME_TRIES; n++) {
    const row = await repo.insertFolderIfFree(tx, {
      name: n === 1 ? base : `${base} (${n})`,
      parent_id: root.id,
      client_id: 'client' in link ? link.client : null,
      request_id: 'request' in link ? link.request : null,
      created_by: ctx?.user.id ?? null,
    });
    if (row) {
      await recordChange(tx, ctx, DOCUMENT_FOLDER_ENTITY, row.id, null, folderSnapshot(row));
      return { folder: row, created: true };
    }
    // Either the name is taken, or another transaction linked a folder meanwhile.
    const linked = await repo.findLinked(tx, link);
    if (linked) return { folder: linked, created: false };
  }
  throw AppError.fields({ name: [MESSAGES.unique] });
}

/**
 * A new request's folder, "Requests/<number>", in the request's own transaction (decision 0014):
 * the requests service calls it from its create.
 */
export async function createRequestFolder(
  tx: Tx,
  ctx: Ctx,
  request: { id: number; number: string },
): Promise<void> {
  await linkedFolderIn(tx, ctx, { request: request.id }, request.number);
}

/**
 * Before a request is deleted (in its transaction): its folder goes when it is empty, else it stays
 * with its files, no longer linked (nothing uploaded is lost with a request entered by mistake).
 */
export async function releaseRequestFolder(tx: Tx, ctx: Ctx, requestId: number): Promise<void> {
  const folder = await repo.findLinked(tx, { request: requestId });
  if (!folder) return;
  const locked = (await repo.findFolder(tx, folder.id, true)) ?? folder;
  const tree = await repo.subtree(tx, folder.id);
  const empty = tree.length === 1 && (await repo.filesIn(tx, [folder.id])).length === 0;
  if (empty) {
    await repo.deleteFolders(tx, [folder.id]);
    await recordChange(tx, ctx, DOCUMENT_FOLDER_ENTITY, folder.id, folderSnapshot(locked), null);
    return;
  }
  const row = await repo.unlinkFolder(tx, folder.id);
  await recordChange(tx, ctx, DOCUMENT_FOLDER_ENTITY, folder.id, folderSnapshot(locked), folderSnapshot(row));
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

    /** One folder with the folders above it. */
    async getFolder(id: number): Promise<DocumentFolderDetail> {
      const row = await repo.findFolderView(db, id);
      if (!row) throw FOLDER_NOT_FOUND();
      return { ...toDocumentFolder(row), path: await repo.ancestors(db, id) };
    },

    /** The folder of a client or a request, made now when it has none (`created` says which). */
    async recordFolder(ctx: Ctx, link: RecordLink): Promise<{ folder: DocumentFolder; created: boolean }> {
      const made = await db.transaction(async (tx) => {
        const found = await linkedFolderIn(tx, ctx, link);
        if (!found) throw NO_SUCH('client' in link ? 'client' : 'request');
        return found;
      });
      const view = await repo.findFolderView(db, made.folder.id);
      return { folder: toDocumentFolder(view ?? made.folder), created: made.created };
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
          return toDocumentFolder({ ...row, has_children: false });
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
          return toDocumentFolder((await repo.findFolderView(tx, id)) ?? row);
        });
      } catch (err) {
        throw folderWriteError(err);
      }
    },

    /**
     * Deletes the folder, its subfolders and (with `confirm`) their files, in one transaction.
     * Blobs stay in the store: another file may share the content, and a concurrent upload may
     * be reusing it; the blob sweep (documents.sweep.ts) removes those no row names.
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
      const row = await repo.findFileView(db, id);
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
            out.push(toDocumentFile({ ...row, uploader_name: ctx.user.name }));
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
          return toDocumentFile((await repo.findFileView(tx, id)) ?? row);
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
