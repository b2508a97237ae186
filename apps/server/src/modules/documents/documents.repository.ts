import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { documentFiles, documentFolders } from './documents.table.ts';

export type FolderRow = typeof documentFolders.$inferSelect;
export type FileRow = typeof documentFiles.$inferSelect;

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
        .select()
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

  async insertFolder(ex: Executor, values: typeof documentFolders.$inferInsert): Promise<FolderRow> {
    return (await ex.insert(documentFolders).values(values).returning())[0]!;
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
        .select()
        .from(documentFiles)
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

  /** Hashes among `hashes` that no file row uses any more: their blobs may go. */
  async unusedHashes(ex: Executor, hashes: string[]): Promise<string[]> {
    if (hashes.length === 0) return [];
    const used = await ex
      .selectDistinct({ h: documentFiles.content_hash })
      .from(documentFiles)
      .where(inArray(documentFiles.content_hash, hashes));
    const still = new Set(used.map((r) => r.h));
    return [...new Set(hashes)].filter((h) => !still.has(h));
  },
};
