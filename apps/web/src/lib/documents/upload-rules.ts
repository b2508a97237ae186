import { DOCUMENT_MESSAGES } from '@app/shared/documents/documents.messages';
import { sanitiseUploadName } from '@app/shared/documents/documents.names';
import { errorDetail, fieldErrors, HttpError } from '../http/http-error.ts';
import { formatFileSize } from './document-format.ts';

/** What the browser knows of a chosen or dropped file before sending it. */
export interface UploadCandidate {
  name: string;
  size: number;
  /** A dropped folder (the browser hands it over as an empty "file"). */
  isDirectory?: boolean;
}

/** The name the server will keep (its base name, cleaned), or null when none is usable. */
export const keptName = (name: string) => sanitiseUploadName(name);

/** Names compared as the server compares them: without regard to case. */
export const nameKey = (name: string) => name.toLowerCase();

/** Why a file was not uploaded, and whether trying again can help (a clash, a network failure). */
export interface UploadRefusal {
  message: string;
  retryable: boolean;
}

const clash = (name: string): UploadRefusal => ({
  message: `A file named “${name}” is already in this folder. Rename one of them first.`,
  retryable: true,
});
const final = (message: string): UploadRefusal => ({ message, retryable: false });

/**
 * Why a file cannot be uploaded, said before sending it, or null. A first check only: the server
 * checks again (size, name, clash) and reads the type from the bytes.
 */
export function uploadProblem(
  file: UploadCandidate,
  limits: { maxBytes: number | null; taken: ReadonlySet<string> },
): UploadRefusal | null {
  if (file.isDirectory)
    return final(`“${file.name}” is a folder: open it and drop the files inside instead.`);
  const name = keptName(file.name);
  if (name === null) return final(DOCUMENT_MESSAGES.badName);
  if (file.size === 0) return final(DOCUMENT_MESSAGES.emptyFile(name));
  if (limits.maxBytes !== null && file.size > limits.maxBytes)
    return final(`Too large: ${formatFileSize(file.size)}. ${DOCUMENT_MESSAGES.tooLarge(limits.maxBytes)}`);
  if (limits.taken.has(nameKey(name))) return clash(name);
  return null;
}

/** A refused or failed upload in words for the person, from the server's answer. */
export function uploadRefusal(error: unknown, name: string): UploadRefusal {
  if (error instanceof DOMException && error.name === 'AbortError') return final('Canceled.');
  if (!(error instanceof HttpError)) return { message: 'The upload failed. Try again.', retryable: true };
  const fields = fieldErrors(error);
  switch (error.status) {
    case 0:
      return {
        message: 'The upload was cut off: the network failed or the server closed the connection. Try again.',
        retryable: true,
      };
    case 400:
      if (fields.name === 'Should be unique') return clash(name);
      if (fields.folder)
        return final('The folder no longer exists: someone deleted or moved it. Reload the page.');
      return final(fields.name ?? fields.file ?? errorDetail(error) ?? 'The server refused the file.');
    case 401:
      return {
        message: 'Your session has ended. Sign in again, then upload the file again.',
        retryable: true,
      };
    case 403:
      return final('Your role may not upload documents.');
    case 413:
      return final(`Too large. ${errorDetail(error) ?? ''}`.trim());
    case 415:
      return final(`Not a type the server takes. ${errorDetail(error) ?? ''}`.trim());
    default:
      return {
        message: errorDetail(error) ?? `The upload failed (${error.status} error). Try again.`,
        retryable: true,
      };
  }
}
