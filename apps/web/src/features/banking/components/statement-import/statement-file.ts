import { STATEMENT_MAX_BYTES, STATEMENT_MESSAGES } from '@app/shared/banking/statement-import.schemas';
import { errorDetail, fieldErrors, isHttpError } from '../../../../lib/http/http-error.ts';

/** What the file chooser offers: a bank's CSV export. */
export const STATEMENT_ACCEPT = '.csv,text/csv';

/** Why a chosen file cannot be sent, checked as the server checks it; null when it can. */
export function statementFileProblem(file: File): string | null {
  if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv')
    return 'Choose a .csv file: the bank’s CSV export.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > STATEMENT_MAX_BYTES)
    return `The file is larger than ${STATEMENT_MAX_BYTES / 1024 / 1024} MB.`;
  return null;
}

/** The code of a refused rule (`statement_without_date`), if the answer was one. */
export function refusalCode(error: unknown): string | null {
  if (!isHttpError(error)) return null;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return null;
  const code = (errors[0] as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : null;
}

/** What a refused upload says, in words a person can act on. */
export function statementErrorMessage(error: unknown): string {
  if (!isHttpError(error)) return 'The file could not be sent. Check the connection and try again.';
  if (error.status === 413) return 'The file is too large.';
  if (error.status === 415) return STATEMENT_MESSAGES.notCsv;
  const fields = Object.entries(fieldErrors(error)).map(([field, message]) =>
    field.startsWith('mapping') ? message : `${field}: ${message}`,
  );
  return errorDetail(error) ?? fields[0] ?? 'The file could not be read.';
}

/**
 * The header row of a CSV file, read in the browser: only for when the server finds no date
 * column and so answers no columns to choose from. The delimiter is the one of , ; tab | that the
 * first line holds most of; quoted names may hold it.
 */
export async function readCsvHeader(file: File): Promise<string[]> {
  const head = await file.slice(0, 64 * 1024).text();
  const line = (head.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '').trim();
  if (!line) return [];
  const delimiters = [',', ';', '\t', '|'];
  const delimiter = delimiters.reduce((best, d) => (count(line, d) > count(line, best) ? d : best), ',');
  return splitCsvLine(line, delimiter)
    .map((name) => name.trim())
    .filter(Boolean);
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function splitCsvLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}
