import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { JobContext } from '../../platform/jobs.ts';
import { documentsRepository as repo } from './documents.repository.ts';

export const BLOB_SWEEP_JOB = 'documents-blob-sweep';
export const BLOB_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * A blob (or a temporary upload file) is removed only when older than this: an upload writes its
 * blob before the row that names it commits, and renames it into place even over the same
 * content, so a fresh blob always belongs to an upload under way.
 */
export const BLOB_GRACE_MS = 60 * 60 * 1000;
/** Hashes asked about per query. */
const CHUNK = 500;

const HEX2 = /^[0-9a-f]{2}$/;
const HASH = /^[0-9a-f]{64}$/;

export interface SweepResult {
  /** Blobs old enough to consider. */
  considered: number;
  /** Blobs no row named, removed. */
  removed: number;
  /** Abandoned temporary files (an upload cut off by a crash), removed. */
  temporary: number;
}

async function dirs(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** The modification time, or null when the file is gone (another sweep, a rename under way). */
async function mtimeOf(file: string): Promise<number | null> {
  try {
    return (await stat(file)).mtimeMs;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Removes the blobs under `root` that no row names, neither a document file nor a mail attachment
 * (decision 0014: deletes never remove blobs inline, since another row may share the content and an
 * upload may be about to name it), and temporary files left by uploads cut off. Only what is older
 * than `BLOB_GRACE_MS` at `now` is touched, and each blob's time is read again just before it goes.
 */
export async function sweepBlobs(
  { tx, now }: Pick<JobContext, 'tx' | 'now'>,
  root: string,
): Promise<SweepResult> {
  const cutoff = now.getTime() - BLOB_GRACE_MS;
  const old: string[] = [];
  for (const a of await dirs(root)) {
    if (!a.isDirectory() || !HEX2.test(a.name)) continue;
    for (const b of await dirs(path.join(root, a.name))) {
      if (!b.isDirectory() || !HEX2.test(b.name)) continue;
      const dir = path.join(root, a.name, b.name);
      for (const f of await dirs(dir)) {
        if (!f.isFile() || !HASH.test(f.name)) continue;
        const mtime = await mtimeOf(path.join(dir, f.name));
        if (mtime !== null && mtime < cutoff) old.push(f.name);
      }
    }
  }

  let removed = 0;
  for (let i = 0; i < old.length; i += CHUNK) {
    for (const hash of await repo.unusedHashes(tx, old.slice(i, i + CHUNK))) {
      const file = path.join(root, hash.slice(0, 2), hash.slice(2, 4), hash);
      // An upload of the same content since the walk has renamed a fresh blob into place: keep it.
      const mtime = await mtimeOf(file);
      if (mtime === null || mtime >= cutoff) continue;
      await rm(file, { force: true });
      removed++;
    }
  }

  let temporary = 0;
  const tmpDir = path.join(root, 'tmp');
  for (const f of await dirs(tmpDir)) {
    if (!f.isFile()) continue;
    const file = path.join(tmpDir, f.name);
    // An upload under way writes to its file all the time; one untouched for an hour was cut off.
    const mtime = await mtimeOf(file);
    if (mtime === null || mtime >= cutoff) continue;
    await rm(file, { force: true });
    temporary++;
  }
  return { considered: old.length, removed, temporary };
}
