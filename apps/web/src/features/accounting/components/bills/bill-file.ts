import { BILL_FILE_MAX_BYTES } from '@app/shared/accounting/accounting.common';

/** What the file picker offers: the types the server takes (it checks the content, not the name). */
export const BILL_FILE_ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp,.pdf,.png,.jpg,.jpeg,.webp';

const TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp']);
const EXTENSIONS = /\.(pdf|png|jpe?g|webp)$/i;

/** The server's own sentences for a refused file. */
export const BILL_FILE_MESSAGES = {
  type: 'Upload a PDF, PNG, JPEG or WebP file',
  size: `The file must be at most ${BILL_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  empty: 'The file is empty',
  required: 'Required field',
} as const;

/**
 * Why the browser refuses a file before sending it, or null. A first check only, by the type the
 * browser reports (or the name when it reports none) and the size: the server reads the content.
 */
export function billFileProblem(file: Pick<File, 'name' | 'type' | 'size'> | null): string | null {
  if (!file) return BILL_FILE_MESSAGES.required;
  if (file.size === 0) return BILL_FILE_MESSAGES.empty;
  if (file.size > BILL_FILE_MAX_BYTES) return BILL_FILE_MESSAGES.size;
  const known = file.type ? TYPES.has(file.type) : EXTENSIONS.test(file.name);
  return known ? null : BILL_FILE_MESSAGES.type;
}

/** `1 234 B`, `245 KB`, `1.2 MB`: a size as a person reads it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
