type RecordRef = { request: { id: number; number: string } } | { client: { id: number; name: string } };

/** The messages linked to one request or client, on its page (issue 14). */
export function RecordMailPanel(_props: RecordRef) {
  return null;
}
