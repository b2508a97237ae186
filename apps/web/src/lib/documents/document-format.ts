import { DOCUMENT_INLINE_TYPES } from '@app/shared/documents/documents.schemas';

/** `0 B`, `812 B`, `245 KB`, `1.2 MB`, `3.4 GB`: a size as a person reads it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value >= 100 ? Math.round(value).toString() : (Math.round(value * 10) / 10).toString();
  return `${shown} ${units[unit]}`;
}

const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'application/zip': 'ZIP archive',
  'text/plain': 'Text',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument sheet',
};

/** The kind of a file as a person names it, from the type the server read from its bytes. */
export function fileTypeLabel(mime: string): string {
  return TYPE_LABELS[mime] ?? 'File';
}

/** How a file can be previewed in the page: an image, a PDF, or not at all (download it). */
export function previewKind(mime: string): 'image' | 'pdf' | null {
  if (!(DOCUMENT_INLINE_TYPES as readonly string[]).includes(mime)) return null;
  return mime === 'application/pdf' ? 'pdf' : 'image';
}
