import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillFiles, sanitizeFileName, sniffBillFile } from './bill-files.ts';
import { exeBytes, filesUnder, gifBytes, pdfBytes, pngBytes } from './bills.test-support.ts';

describe('sniffBillFile', () => {
  it('knows PDF, PNG, JPEG and WebP by their bytes and nothing else', () => {
    expect(sniffBillFile(pdfBytes())).toBe('pdf');
    expect(sniffBillFile(pngBytes())).toBe('png');
    expect(sniffBillFile(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpg');
    expect(sniffBillFile(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffBillFile(gifBytes())).toBeNull();
    expect(sniffBillFile(exeBytes())).toBeNull();
    expect(sniffBillFile(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffBillFile(Buffer.alloc(0))).toBeNull();
  });

  it('finds the PDF header within the first 1024 bytes, not after', () => {
    const at = (offset: number) => Buffer.concat([Buffer.alloc(offset, 0x20), pdfBytes()]);
    expect(sniffBillFile(at(1019))).toBe('pdf'); // '%PDF-' ends at byte 1024
    expect(sniffBillFile(at(1020))).toBeNull();
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['Invoice 42.pdf', 'pdf', 'Invoice 42.pdf'],
    ['scan.png', 'pdf', 'scan.pdf'],
    ['photo.JPEG', 'jpg', 'photo.JPEG'],
    ['C:\\Users\\me\\Desktop\\bill.pdf', 'pdf', 'bill.pdf'],
    ['../../etc/passwd', 'pdf', 'passwd.pdf'],
    ['..pdf', 'pdf', 'pdf.pdf'],
    ['', 'png', 'bill.png'],
    ['a\u0000b\u0007c<>:"|?*.pdf', 'pdf', 'abc.pdf'],
    ['Invoice 12.2026', 'pdf', 'Invoice 12.2026.pdf'],
    ['Счёт №5.pdf', 'pdf', 'Счёт №5.pdf'],
  ] as const)('%s as %s → %s', (given, type, expected) => {
    expect(sanitizeFileName(given, type)).toBe(expected);
  });

  it('keeps at most 200 characters, the extension included', () => {
    const name = sanitizeFileName(`${'x'.repeat(500)}.pdf`, 'pdf');
    expect(name).toHaveLength(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('createBillFiles', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bill-files-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const files = () => createBillFiles(dir, () => new Date('2026-03-09T23:59:00Z'));

  it('stages under a hidden temporary name, then commits to bills/{yyyy}/{mm}/{uuid}.{type}', async () => {
    const f = files();
    const staged = await f.stage(pdfBytes('x'), 'pdf');
    expect(staged.relPath).toMatch(/^bills\/2026\/03\/[0-9a-f-]{36}\.pdf$/);
    expect(staged.size).toBe(pdfBytes('x').length);
    expect(staged.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(filesUnder(dir)).toEqual([
      path.join(path.dirname(staged.relPath), `.${path.basename(staged.relPath)}.part`),
    ]);
    await f.commit(staged);
    expect(filesUnder(dir)).toEqual([staged.relPath]);
    const stream = await f.open(staged.relPath);
    const chunks: Buffer[] = [];
    for await (const c of stream!) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(pdfBytes('x'));
    await f.remove(staged.relPath);
    expect(filesUnder(dir)).toEqual([]);
    expect(await f.open(staged.relPath)).toBeNull();
  });

  it('discards a staged file, and refuses paths outside the bills folder', async () => {
    const f = files();
    const staged = await f.stage(pngBytes(), 'png');
    await f.discard(staged);
    await f.discard(staged); // twice is harmless
    expect(filesUnder(dir)).toEqual([]);
    await expect(f.open('../etc/passwd')).rejects.toThrow(/Not a bill file path/);
    await expect(f.remove('media/avatars/1.png')).rejects.toThrow(/Not a bill file path/);
  });
});
