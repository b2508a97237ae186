type RecordRef = { request: { id: number; number: string } } | { client: { id: number; name: string } };

/** The folder linked to one request or client, on its page (issue 14). */
export function RecordFolderPanel(_props: RecordRef) {
  return null;
}
