/** Messages of the documents area (section 5 has none for them). */
export const DOCUMENT_MESSAGES = {
  badName: 'A name cannot contain / or \\, and cannot be . or ..',
  oneLink: 'Link the folder to a client or to a request, not both',
  recordLink: 'Name one client or one request',
  moveIntoItself: 'A folder cannot be moved into itself or into one of its own subfolders',
  /** The 409 of a folder delete without confirm=true: said to the person as it is. */
  folderHasFiles: (files: number) =>
    `This folder holds ${files === 1 ? '1 file' : `${files} files`} (counting its subfolders). Deleting the folder deletes ${files === 1 ? 'it' : 'them'} too.`,
  tooLarge: (maxBytes: number) => `A file can be at most ${formatBytes(maxBytes)}.`,
  noFiles: 'Choose at least one file',
  emptyFile: (name: string) => `"${name}" is empty: there is nothing to keep.`,
} as const;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
