import type { UploadInput } from './use-uploads.ts';

/** The part of a DataTransfer the drop reads (a test passes a plain object). */
export interface DroppedData {
  files: ArrayLike<File>;
  items?: ArrayLike<{ kind: string; webkitGetAsEntry?: () => { isDirectory: boolean } | null }>;
  types?: readonly string[];
}

/** Whether a drag carries files (not text or a link dragged from the page). */
export function dragHasFiles(data: Pick<DroppedData, 'types'> | null): boolean {
  return Array.from(data?.types ?? []).includes('Files');
}

/**
 * The files of a drop, each with whether it is a folder: a browser hands a dropped folder over as
 * a "file" of no size, which only its entry tells apart. Items and files are in the same order.
 */
export function droppedFiles(data: DroppedData): UploadInput[] {
  const files = Array.from(data.files);
  const items = Array.from(data.items ?? []).filter((item) => item.kind === 'file');
  return files.map((file, i) => {
    const entry = items.length === files.length ? items[i]?.webkitGetAsEntry?.() : null;
    return entry?.isDirectory ? { file, isDirectory: true } : { file };
  });
}
