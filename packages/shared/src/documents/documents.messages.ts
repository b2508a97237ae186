/** Messages of the documents area (section 5 has none for them). */
export const DOCUMENT_MESSAGES = {
  badName: 'A name cannot contain / or \\, and cannot be . or ..',
  oneLink: 'Link the folder to a client or to a request, not both',
  moveIntoItself: 'A folder cannot be moved into itself or into one of its own subfolders',
  folderHasFiles: (files: number) =>
    `This folder holds ${files === 1 ? '1 file' : `${files} files`}. Delete it with confirm=true to delete them too.`,
  tooLarge: (maxBytes: number) => `A file can be at most ${formatBytes(maxBytes)}.`,
  noFiles: 'Choose at least one file',
} as const;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
