import { describe, expect, it } from 'vitest';
import { dragHasFiles, droppedFiles } from './dropped-files.ts';

const entry = (isDirectory: boolean) => ({ kind: 'file', webkitGetAsEntry: () => ({ isDirectory }) });

describe('a drop', () => {
  it('hands over its files, marking the folders among them', () => {
    const a = new File(['a'], 'a.pdf');
    const folder = new File([], 'Scans');
    const out = droppedFiles({ files: [a, folder], items: [entry(false), entry(true)] });
    expect(out).toEqual([{ file: a }, { file: folder, isDirectory: true }]);
  });

  it('takes the files alone when the browser gives no entries', () => {
    const a = new File(['a'], 'a.pdf');
    expect(droppedFiles({ files: [a] })).toEqual([{ file: a }]);
    // text dragged along is not a file item
    expect(droppedFiles({ files: [a], items: [{ kind: 'string' }, entry(false)] })).toEqual([{ file: a }]);
  });

  it('is about files only when the drag carries files', () => {
    expect(dragHasFiles({ types: ['Files'] })).toBe(true);
    expect(dragHasFiles({ types: ['text/plain'] })).toBe(false);
    expect(dragHasFiles(null)).toBe(false);
  });
});
