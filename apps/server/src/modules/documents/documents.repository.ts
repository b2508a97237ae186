import { and, asc, count, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { clients } from '../directory/clients.table.ts';
import { mailAttachments } from '../mail/mail.table.ts';
import { requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';
import { documentFiles, documentFolders } from './documents.table.ts';

export type FolderRow = typeof documentFolders.$inferSelect;
export type FileRow = typeof documentFiles.$inferSelect;
/** A folder as listed: whether it has subfolders too. */
export type FolderView = FolderRow & { has_children: boolean };
/** A file as listed: the uploader's name too. */
export type FileView = FileRow & { uploader_name: string | null };

const folderView = {
  ...getTableColumns(documentFolders),
  // The outer table named in full: Drizzle writes a lone column unqualified, which the subquery would take as its own.
  has_children: sql<boolean>`exists (select 1 from document_folders c where c.parent_id = document_folders.id)`,
};
const fileView = { ...getTableColumns(documentFiles), uploader_name: users.name };

export interface FolderFilter {
  parent?: number | undefined;
  client?: number | undefined;
  request?: number | undefined;
}

function folderConditions(f: FolderFilter): SQL | undefined {
  const linked = f.client !== undefined || f.request !== undefined;
  return and(
    f.parent !== undefined
      ? eq(documentFolders.parent_id, f.parent)
      : linked
        ? undefined // a client's or request's folder, wherever it sits
        : isNull(documentFolders.parent_id),
    f.client !== undefined ? eq(documentFolders.client_id, f.client) : undefined,
    f.request !== undefined ? eq(documentFolders.request_id, f.request) : undefined,
  );
}

/** SQL only: the rules are in documents.service.ts. */
export const documentsRepository = {
  async listFolders(ex: Executor, f: FolderFilter, limit: number, offset: number) {
    const where = folderConditions(f);
    const [rows, totals] = await Promise.all([
      ex
        .select(folderView)
        .from(documentFolders)
        .where(where)
        .orderBy(sql`lower(${documentFolders.name})`, asc(documentFolders.id))
        .limit(limit)
        .offset(offset),
      ex.select({ n: count() }).from(documentFolders).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },

  async findFolder(ex: Executor, id: number, lock = false): Promise<FolderRow | undefined> {
    const q = ex.select().from(documentFolders).where(eq(documentFolders.id, id));
    return (await (lock ? q.for('update') : q))[0];
  },

  async findFolderView(ex: Executor, id: number): Promise<FolderView | undefined> {
    return (await ex.select(folderView).from(documentFolders).where(eq(documentFolders.id, id)))[0];
  },

  /** The folders above `id`, top first (not the folder itself). */
  async ancestors(ex: Executor, id: number): Promise<{ id: number; name: string }[]> {
    return queryRows(
      ex,
      sql`with recursive up(id, name, parent_id, depth) as (
            select p.id, p.name, p.parent_id, 1 from document_folders f
              join document_folders p on p.id = f.parent_id where f.id = ${id}
            union all
            select p.id, p.name, p.parent_id, u.depth + 1 from document_folders p join up u on p.id = u.parent_id
              where u.depth < 1000
          )
          select id, name from up order by depth desc`,
    );
  },

  /** The name a record's folder is given: the client's name, the request's number; undefined when it does not exist. */
  async recordName(
    ex: Executor,
    link: { client: number } | { request: number },
  ): Promise<string | undefined> {
    if ('client' in link) {
      const row = (
        await ex
          .select({ first: clients.first_name, last: clients.last_name })
          .from(clients)
          .where(eq(clients.id, link.client))
      )[0];
      return row ? `${row.first} ${row.last}`.trim() : undefined;
    }
    const row = (
      await ex.select({ number: requests.number }).from(requests).where(eq(requests.id, link.request))
    )[0];
    return row?.number;
  },

  async insertFolder(ex: Executor, values: typeof documentFolders.$inferInsert): Promise<FolderRow> {
    return (await ex.insert(documentFolders).values(values).returning())[0]!;
  },

  /** Inserts the folder unless a unique rule (its name, its client, its request) is taken: then undefined. */
  async insertFolderIfFree(
    ex: Executor,
    values: typeof documentFolders.$inferInsert,
  ): Promise<FolderRow | undefined> {
    return (await ex.insert(documentFolders).values(values).onConflictDoNothing().returning())[0];
  },

  /** A top folder by name, any case. */
  async findRoot(ex: Executor, name: string): Promise<FolderRow | undefined> {
    return (
      await ex
        .select()
        .from(documentFolders)
        .where(and(isNull(documentFolders.parent_id), sql`lower(${documentFolders.name}) = lower(${name})`))
        .limit(1)
    )[0];
  },

  async findLinked(
    ex: Executor,
    link: { client: number } | { request: number },
  ): Promise<FolderRow | undefined> {
    const where =
      'client' in link
        ? eq(documentFolders.client_id, link.client)
        : eq(documentFolders.request_id, link.request);
    return (await ex.select().from(documentFolders).where(where).limit(1))[0];
  },

  async updateFolder(ex: Executor, id: number, values: { name: string; parent_id: number | null }) {
    return (
      await ex
        .update(documentFolders)
        .set({ ...values, updated_at: new Date(), version: sql`${documentFolders.version} + 1` })
        .where(eq(documentFolders.id, id))
        .returning()
    )[0]!;
  },

  async unlinkFolder(ex: Executor, id: number): Promise<FolderRow> {
    return (
      await ex
        .update(documentFolders)
        .set({
          client_id: null,
          request_id: null,
          updated_at: new Date(),
          version: sql`${documentFolders.version} + 1`,
        })
        .where(eq(documentFolders.id, id))
        .returning()
    )[0]!;
  },

  /** The folder and every folder under it, deepest first (the order they can be deleted in). */
  async subtree(ex: Executor, id: number): Promise<{ id: number; depth: number }[]> {
    return queryRows(
      ex,
      sql`with recursive tree(id, depth) as (
            select id, 0 from document_folders where id = ${id}
            union all
            select f.id, t.depth + 1 from document_folders f join tree t on f.parent_id = t.id
          )
          select id, depth from tree order by depth desc, id`,
    );
  },

  /** Whether `candidate` is `folder` itself or lies anywhere beneath it. */
  async isWithin(ex: Executor, folder: number, candidate: number): Promise<boolean> {
    const rows = await queryRows<{ hit: number }>(
      ex,
      sql`with recursive tree(id) as (
            select id from document_folders where id = ${folder}
            union all
            select f.id from document_folders f join tree t on f.parent_id = t.id
          )
          select 1 as hit from tree where id = ${candidate} limit 1`,
    );
    return rows.length > 0;
  },

  async filesIn(ex: Executor, folderIds: number[]): Promise<FileRow[]> {
    if (folderIds.length === 0) return [];
    return ex.select().from(documentFiles).where(inArray(documentFiles.folder_id, folderIds));
  },

  async deleteFolders(ex: Executor, idsDeepestFirst: number[]): Promise<void> {
    // One at a time, children first: the parent reference is ON DELETE RESTRICT.
    for (const id of idsDeepestFirst) await ex.delete(documentFolders).where(eq(documentFolders.id, id));
  },

  async listFiles(ex: Executor, folder: number, limit: number, offset: number) {
    const where = eq(documentFiles.folder_id, folder);
    const [rows, totals] = await Promise.all([
      ex
        .select(fileView)
        .from(documentFiles)
        .leftJoin(users, eq(users.id, documentFiles.uploaded_by))
        .where(where)
        .orderBy(sql`lower(${documentFiles.name})`, asc(documentFiles.id))
        .limit(limit)
        .offset(offset),
      ex.select({ n: count() }).from(documentFiles).where(where),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  },

  async findFile(ex: Executor, id: number, lock = false): Promise<FileRow | undefined> {
    const q = ex.select().from(documentFiles).where(eq(documentFiles.id, id));
    return (await (lock ? q.for('update') : q))[0];
  },

  async findFileView(ex: Executor, id: number): Promise<FileView | undefined> {
    return (
      await ex
        .select(fileView)
        .from(documentFiles)
        .leftJoin(users, eq(users.id, documentFiles.uploaded_by))
        .where(eq(documentFiles.id, id))
    )[0];
  },

  async insertFile(ex: Executor, values: typeof documentFiles.$inferInsert): Promise<FileRow> {
    return (await ex.insert(documentFiles).values(values).returning())[0]!;
  },

  async updateFile(ex: Executor, id: number, values: { name: string; folder_id: number }): Promise<FileRow> {
    return (
      await ex
        .update(documentFiles)
        .set({ ...values, updated_at: new Date() })
        .where(eq(documentFiles.id, id))
        .returning()
    )[0]!;
  },

  async deleteFiles(ex: Executor, ids: number[]): Promise<void> {
    if (ids.length) await ex.delete(documentFiles).where(inArray(documentFiles.id, ids));
  },

  /**
   * Hashes among `hashes` that no row names, neither a document file nor a mail attachment (the
   * two share the blob store): their blobs may go.
   */
  async unusedHashes(ex: Executor, hashes: string[]): Promise<string[]> {
    if (hashes.length === 0) return [];
    const [files, attachments] = [
      await ex
        .selectDistinct({ h: documentFiles.content_hash })
        .from(documentFiles)
        .where(inArray(documentFiles.content_hash, hashes)),
      await ex
        .selectDistinct({ h: mailAttachments.content_hash })
        .from(mailAttachments)
        .where(inArray(mailAttachments.content_hash, hashes)),
    ];
    const still = new Set([...files, ...attachments].map((r) => r.h));
    return [...new Set(hashes)].filter((h) => !still.has(h));
  },
};
