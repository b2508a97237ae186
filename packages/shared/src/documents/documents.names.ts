/** The longest folder or file name, in characters (the column is varchar(255)). */
export const DOCUMENT_NAME_MAX = 255;

// Control characters (C0, DEL, C1): never part of a name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether a trimmed name is acceptable as it is: no separators, no control characters, not . or .. */
export function isValidDocumentName(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= DOCUMENT_NAME_MAX &&
    !CONTROL.test(name) &&
    !/[/\\]/.test(name) &&
    name !== '.' &&
    name !== '..'
  );
}

/**
 * The name an uploaded file is kept under: the last segment of whatever path the client sent
 * (`../../etc/passwd` becomes `passwd`), control characters dropped, trimmed and cut to the
 * limit. Null when nothing usable is left.
 */
export function sanitiseUploadName(raw: string): string | null {
  const base = (raw.split(/[/\\]/).pop() ?? '').replace(new RegExp(CONTROL.source, 'g'), '').trim();
  const cut = base.length > DOCUMENT_NAME_MAX ? cutKeepingExtension(base) : base;
  return isValidDocumentName(cut) ? cut : null;
}

function cutKeepingExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return (name.slice(0, DOCUMENT_NAME_MAX - ext.length).trimEnd() + ext).slice(0, DOCUMENT_NAME_MAX);
}
