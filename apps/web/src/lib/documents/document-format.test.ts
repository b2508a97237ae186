import { describe, expect, it } from 'vitest';
import { fileTypeLabel, formatFileSize, previewKind } from './document-format.ts';

describe('document formats', () => {
  it('write sizes as a person reads them', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(245 * 1024)).toBe('245 KB');
    expect(formatFileSize(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatFileSize(3.4 * 1024 ** 3)).toBe('3.4 GB');
  });

  it('name the kind, and preview only images and PDFs', () => {
    expect(fileTypeLabel('application/pdf')).toBe('PDF');
    expect(fileTypeLabel('application/octet-stream')).toBe('File');
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('image/webp')).toBe('image');
    expect(previewKind('text/plain')).toBeNull();
    expect(previewKind('image/svg+xml')).toBeNull();
  });
});
