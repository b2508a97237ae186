import { BILL_FILE_MAX_BYTES } from '@app/shared/accounting/accounting.common';
import { describe, expect, it } from 'vitest';
import { billFileProblem, formatFileSize } from './bill-file.ts';

const file = (name: string, type: string, size = 2048) => ({ name, type, size });

describe('a bill file, checked in the browser before it is sent', () => {
  it('takes PDF, PNG, JPEG and WebP up to 10 MB', () => {
    expect(billFileProblem(file('bill.pdf', 'application/pdf'))).toBeNull();
    expect(billFileProblem(file('scan.PNG', 'image/png'))).toBeNull();
    expect(billFileProblem(file('scan.jpg', 'image/jpeg', BILL_FILE_MAX_BYTES))).toBeNull();
    expect(billFileProblem(file('scan.webp', ''))).toBeNull();
  });

  it('refuses other types, an empty file, one byte past 10 MB, and none at all', () => {
    expect(billFileProblem(file('bill.gif', 'image/gif'))).toBe('Upload a PDF, PNG, JPEG or WebP file');
    expect(billFileProblem(file('setup.exe', 'application/x-msdownload'))).toBe(
      'Upload a PDF, PNG, JPEG or WebP file',
    );
    expect(billFileProblem(file('bill.pdf', 'application/pdf', 0))).toBe('The file is empty');
    expect(billFileProblem(file('bill.pdf', 'application/pdf', BILL_FILE_MAX_BYTES + 1))).toBe(
      'The file must be at most 10 MB.',
    );
    expect(billFileProblem(null)).toBe('Required field');
  });

  it('writes sizes as a person reads them', () => {
    expect(formatFileSize(900)).toBe('900 B');
    expect(formatFileSize(250_000)).toBe('244 KB');
    expect(formatFileSize(1_300_000)).toBe('1.2 MB');
  });
});
