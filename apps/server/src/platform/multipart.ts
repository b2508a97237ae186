import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

export const MULTIPART = 'multipart/form-data';
/** RFC 2046 section 5.1.1: a boundary has 1 to 70 characters. Browsers and HTTP clients stay well below. */
export const MAX_BOUNDARY_LENGTH = 70;

export interface MultipartRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route that takes multipart/form-data: the malformed-upload test walks this table. */
    multipartRoutes: MultipartRoute[];
  }
}

const takesMultipart = (schema: FastifySchema | undefined) =>
  ((schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes(MULTIPART);

/**
 * Registers the multipart parser and keeps the table of upload routes complete: a route takes
 * multipart only when it declares `schema.consumes: ['multipart/form-data']`; any other route
 * refuses it before its handler runs.
 */
export const multipartPlugin = fp(
  async (app: FastifyInstance, opts: { maxFileBytes: number }) => {
    await app.register(fastifyMultipart, { limits: { fileSize: opts.maxFileBytes, files: 1, fields: 20 } });
    const routes: MultipartRoute[] = [];
    app.decorate('multipartRoutes', routes);
    app.addHook('onRoute', (route) => {
      if (!takesMultipart(route.schema)) return;
      for (const method of [route.method].flat())
        if (method !== 'HEAD') routes.push({ method, url: route.url });
    });
    app.addHook('preValidation', async (request) => {
      if (request.isMultipart() && !takesMultipart(request.routeOptions.schema)) {
        throw new AppError('UNSUPPORTED_MEDIA', 'This call does not take multipart/form-data. Send JSON.');
      }
    });
  },
  { name: 'multipart' },
);

function boundaryOf(contentType: string | undefined): string | undefined {
  const match = contentType?.match(/;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i);
  return match ? (match[1] ?? match[2]) : undefined;
}

export const MALFORMED_UPLOAD = 'The upload is malformed or was cut short. Send the file again.';

/**
 * Errors of the multipart parser (busboy) are plain errors without a status: a missing boundary, a
 * boundary too long for its search, a body that ends early. They are the caller's fault, so 400.
 */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || (error as { statusCode?: number }).statusCode !== undefined) return false;
  return (
    /^Multipart: Boundary not found$|^The needle cannot|^Boundary required$|unexpected end of multipart data$/i.test(
      error.message,
    ) || /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '')
  );
}

/** A parser error as the answer the caller should get. */
function uploadError(error: unknown, tooLarge: string): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  if (code === 'FST_FILES_LIMIT') return new AppError('BAD_REQUEST', 'Send one file at a time.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('BAD_REQUEST', 'The form has too many fields.');
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) return error;
  return new AppError('BAD_REQUEST', MALFORMED_UPLOAD);
}

export interface Upload {
  fileName: string;
  data: Buffer;
  /** The text fields sent with the file, in whatever order the form sent them. */
  fields: Record<string, string>;
}

/**
 * The one way to read an upload: the file in the field "file" and the text fields around it. Every
 * malformed body (no or an overlong boundary, cut short, not multipart) is a 4xx, never a 500.
 */
export async function readUpload(
  request: FastifyRequest,
  opts: { maxBytes: number; what: string; tooLarge: string },
): Promise<Upload> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA', `Send ${opts.what} as multipart/form-data in the field "file".`);
  const boundary = boundaryOf(request.headers['content-type']);
  if (!boundary || boundary.length > MAX_BOUNDARY_LENGTH)
    throw new AppError(
      'BAD_REQUEST',
      `The upload is malformed: its multipart boundary is missing or longer than ${MAX_BOUNDARY_LENGTH} characters.`,
    );
  let file: { fileName: string; data: Buffer } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.maxBytes, files: 1 } })) {
      if (part.type === 'file') file = { fileName: part.filename, data: await part.toBuffer() };
      else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    throw uploadError(error, opts.tooLarge);
  }
  if (!file || file.data.length === 0) throw AppError.fields({ file: ['Required field'] });
  return { ...file, fields };
}

export interface StreamedFile<T> {
  fileName: string;
  /** What `onFile` made of the stream (for the blob store: its hash, size and type). */
  stored: T;
}

/**
 * Reads an upload of one or more files without holding any of them: each file part is handed to
 * `onFile` as a stream, which must consume it (to disk, hashing as it goes) before the next part
 * is read. The parser stops a file one byte past `maxBytes`, so `onFile`'s own count decides.
 */
/** The largest text field of a streamed upload (a mail body may hold 1,000,000 characters of UTF-8). */
const MAX_FIELD_BYTES = 4 * 1024 * 1024;

export async function streamUpload<T>(
  request: FastifyRequest,
  opts: {
    maxBytes: number;
    maxFiles: number;
    what: string;
    tooLarge: string;
    onFile: (stream: import('node:stream').Readable, fileName: string) => Promise<T>;
  },
): Promise<{ files: StreamedFile<T>[]; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA', `Send ${opts.what} as multipart/form-data.`);
  const boundary = boundaryOf(request.headers['content-type']);
  if (!boundary || boundary.length > MAX_BOUNDARY_LENGTH)
    throw new AppError(
      'BAD_REQUEST',
      `The upload is malformed: its multipart boundary is missing or longer than ${MAX_BOUNDARY_LENGTH} characters.`,
    );
  const files: StreamedFile<T>[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: opts.maxBytes + 1, files: opts.maxFiles, fieldSize: MAX_FIELD_BYTES },
    })) {
      if (part.type === 'file')
        files.push({ fileName: part.filename, stored: await opts.onFile(part.file, part.filename) });
      // busboy cuts a longer value silently: refuse it rather than store half a text
      else if (part.valueTruncated)
        throw new AppError(
          'BAD_REQUEST',
          `The field ${part.fieldname} is longer than ${MAX_FIELD_BYTES / 1024 / 1024} MB.`,
        );
      else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new AppError('BAD_REQUEST', `Send at most ${opts.maxFiles} files at a time.`);
    throw uploadError(error, opts.tooLarge);
  }
  return { files, fields };
}
