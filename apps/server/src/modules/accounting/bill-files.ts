import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BillFileType } from '@app/shared';
import { sniffImage } from '../../platform/images.ts';

/** Where bills' files live, relative to DATA_DIR (never under `media/`, which is served publicly). */
export const BILLS_DIR = 'bills';

export const BILL_FILE_CONTENT_TYPES: Record<BillFileType, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** A PDF reader accepts the header anywhere in the first 1024 bytes (ISO 32000 implementations). */
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
const PDF_HEADER_WITHIN = 1024;

/**
 * The file's type by its content, never by its name: an image by its signature at the start
 * (PNG, JPEG, WebP; GIF is refused), else a PDF by `%PDF-` in the first 1024 bytes.
 */
export function sniffBillFile(data: Buffer): BillFileType | null {
  const image = sniffImage(data);
  if (image === 'gif') return null;
  if (image) return image;
  return data.subarray(0, PDF_HEADER_WITHIN).includes(PDF_HEADER) ? 'pdf' : null;
}

const EXTENSIONS: Record<BillFileType, string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpg', 'jpeg'],
  webp: ['webp'],
};
const NAME_MAX = 200;

/**
 * The original name as it may be stored and offered back: no folders, no control or reserved
 * characters, at most 200 characters, and an extension that says what the content is (a PDF
 * sent as `scan.png` is kept as `scan.pdf`).
 */
export function sanitizeFileName(original: string, type: BillFileType): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const dot = name.lastIndexOf('.');
  const given = dot > 0 ? name.slice(dot + 1) : '';
  const ext = given.toLowerCase();
  // An extension-like ending goes (it is replaced by the right one); '12.2026' is not one.
  let stem = /^[a-z][a-z0-9]{0,4}$/.test(ext) ? name.slice(0, dot) : name;
  stem = stem.trim() || 'bill';
  const suffix = `.${EXTENSIONS[type].includes(ext) ? given : type}`;
  name = `${[...stem].slice(0, NAME_MAX - suffix.length).join('')}${suffix}`;
  return name;
}

/** A file written under its temporary name, waiting for the transaction that records it. */
export interface StagedBillFile {
  /** Relative to DATA_DIR: what the row stores. */
  relPath: string;
  type: BillFileType;
  size: number;
  sha256: string;
  tempPath: string;
  finalPath: string;
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/**
 * Bills' files under `DATA_DIR/bills/{yyyy}/{mm}/{uuid}.{type}`. A file is staged under a hidden
 * temporary name in its final folder (so the rename is atomic), the row is written, and only
 * after the commit does the file take its name; a failed write discards the staged file, so no
 * row points at a missing file and no named file is left without a row.
 */
export function createBillFiles(dataDir: string, clock: () => Date = () => new Date()) {
  const root = path.resolve(dataDir, BILLS_DIR);

  /** The absolute path of a stored relative path, refusing anything outside the bills folder. */
  function absolute(relPath: string): string {
    const full = path.resolve(dataDir, relPath);
    if (!full.startsWith(`${root}${path.sep}`)) throw new Error(`Not a bill file path: ${relPath}`);
    return full;
  }

  return {
    root,

    async stage(data: Buffer, type: BillFileType): Promise<StagedBillFile> {
      const now = clock();
      const folder = path.posix.join(
        BILLS_DIR,
        String(now.getUTCFullYear()),
        String(now.getUTCMonth() + 1).padStart(2, '0'),
      );
      const id = randomUUID();
      const relPath = path.posix.join(folder, `${id}.${type}`);
      const finalPath = absolute(relPath);
      const tempPath = path.join(path.dirname(finalPath), `.${id}.${type}.part`);
      await fs.mkdir(path.dirname(finalPath), { recursive: true });
      await fs.writeFile(tempPath, data, { flag: 'wx' });
      return {
        relPath,
        type,
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        tempPath,
        finalPath,
      };
    },

    /** After the commit: the staged file takes its final name. */
    async commit(staged: StagedBillFile): Promise<void> {
      await fs.rename(staged.tempPath, staged.finalPath);
    },

    /** After a failure: the staged file goes (it may already be gone). */
    async discard(staged: StagedBillFile): Promise<void> {
      await fs.rm(staged.tempPath, { force: true });
    },

    /** A stored file no row points at any more (a replaced one). */
    async remove(relPath: string): Promise<void> {
      await fs.rm(absolute(relPath), { force: true });
    },

    /** The stored file as a stream, or null when it is not on disk. */
    async open(relPath: string): Promise<ReadStream | null> {
      const full = absolute(relPath);
      try {
        await fs.access(full);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return createReadStream(full);
    },
  };
}
export type BillFiles = ReturnType<typeof createBillFiles>;
