/** A record whose folder is shown on its page. */
export type DocumentRecordLink = { client: number } | { request: number };

/**
 * Documents are read by the /documents page and by the client and request pages (their folder
 * panel): a change invalidates `documentsKeys.all` or one of its parts.
 */
export const documentsKeys = {
  all: ['documents'] as const,
  folders: ['documents', 'folders'] as const,
  /** The subfolders of a folder, or the top folders for `null`. */
  children: (parent: number | null) => ['documents', 'folders', 'children', parent] as const,
  folder: (id: number) => ['documents', 'folders', 'detail', id] as const,
  record: (link: DocumentRecordLink) => ['documents', 'folders', 'record', link] as const,
  files: ['documents', 'files'] as const,
  filesOf: (folder: number) => ['documents', 'files', folder] as const,
  preview: (file: number, revision: string) => ['documents', 'preview', file, revision] as const,
  settings: ['documents', 'settings'] as const,
};
