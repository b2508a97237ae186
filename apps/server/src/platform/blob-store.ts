import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from './errors.ts';

/** How many leading bytes the type sniffer looks at. */
const SNIFF_BYTES = 4096;

export interface StoredBlob {
  hash: string;
  size: number;
  /** The type read from the content, never the client's word. */
  mime: string;
}

/**
 * Files stored by content hash under `<root>/ab/cd/<sha256>` (decision 0014): the same bytes are
 * stored once. An upload streams to a temporary file while it is hashed and counted, so it is
 * never held in memory, and only a complete, bounded upload is renamed into place.
 */
export function createBlobStore(root: string) {
  const tmpDir = path.join(root, 'tmp');
  const pathOf = (hash: string) => {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`Not a content hash: ${hash}`);
    return path.join(root, hash.slice(0, 2), hash.slice(2, 4), hash);
  };

  return {
    pathOf,

    async put(
      source: Readable,
      opts: { maxBytes: number; tooLarge: string; name?: string },
    ): Promise<StoredBlob> {
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      let over = false;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > opts.maxBytes) {
            over = true;
            done(new AppError('PAYLOAD_TOO_LARGE', opts.tooLarge));
            return;
          }
          if (head.length < SNIFF_BYTES)
            head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, createWriteStream(tmp));
        // @fastify/multipart truncates a file at its own limit instead of failing the stream.
        if ((source as { truncated?: boolean }).truncated)
          throw new AppError('PAYLOAD_TOO_LARGE', opts.tooLarge);
      } catch (error) {
        await rm(tmp, { force: true });
        if (over) throw new AppError('PAYLOAD_TOO_LARGE', opts.tooLarge);
        throw error;
      }
      const digest = hash.digest('hex');
      const target = pathOf(digest);
      // Always renamed into place, even over the same content: the blob's time is then fresh, so
      // the sweep of unnamed blobs (older than an hour) leaves it to the row this upload is about
      // to insert, and a blob swept a moment ago is back.
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target);
      return { hash: digest, size, mime: sniffMime(head, opts.name) };
    },

    open(hash: string): Readable {
      return createReadStream(pathOf(hash));
    },

    async remove(hash: string): Promise<void> {
      await rm(pathOf(hash), { force: true });
    },
  };
}
export type BlobStore = ReturnType<typeof createBlobStore>;

const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);

const OFFICE_BY_EXTENSION: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

/**
 * The type of a file from its first bytes. The name is consulted only to tell office formats
 * apart once the bytes say ZIP; anything unrecognised is application/octet-stream.
 */
export function sniffMime(head: Buffer, name = ''): string {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    startsWith(head, [0x47, 0x49, 0x46, 0x38]) &&
    (head[4] === 0x37 || head[4] === 0x39) &&
    head[5] === 0x61
  )
    return 'image/gif';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    const ext = name.toLowerCase().split('.').pop() ?? '';
    return OFFICE_BY_EXTENSION[ext] ?? 'application/zip';
  }
  if (isText(head)) return 'text/plain';
  return 'application/octet-stream';
}

function isText(head: Buffer): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  // The sniffed head may end inside a multi-byte character: forgive up to 3 trailing bytes.
  for (let cut = 0; cut <= Math.min(3, head.length - 1); cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // try a shorter prefix
    }
  }
  return false;
}
