import { STATEMENT_MAX_ROWS, STATEMENT_MESSAGES } from '@app/shared';
import { AppError } from '../../platform/errors.ts';
import { looksLikeAmount, looksLikeDate } from './statement-import.values.ts';

/** A statement read as text: its header and its data rows (blank rows dropped), each as long as the header. */
export interface StatementTable {
  delimiter: string;
  columns: string[];
  /** `line` is the file's line where the row starts (the header is on line 1 of a file without preamble). */
  rows: Array<{ line: number; cells: string[] }>;
}

export const NOT_CSV = () => new AppError('UNSUPPORTED_FILE', STATEMENT_MESSAGES.notCsv, { rule: true });
export const TOO_MANY_ROWS = () =>
  new AppError('STATEMENT_INVALID', STATEMENT_MESSAGES.tooManyRows(STATEMENT_MAX_ROWS), { rule: true });

const QUOTE = 34;
const CR = 13;
const LF = 10;
const SNIFF_BYTES = 8192;

/** Binary content (an image, a PDF's streams, a ZIP workbook) has NULs or control characters early on. */
function isBinary(data: Buffer): boolean {
  const head = data.subarray(0, SNIFF_BYTES);
  for (const b of head) if (b === 0 || (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12)) return true;
  return false;
}

/** UTF-8 (with or without BOM), UTF-16 with BOM; a file that is not valid UTF-8 is read as Windows-1252. */
export function decodeStatement(data: Buffer): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  if (isBinary(data)) throw NOT_CSV();
  const body = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** The separator the header line uses most outside quotes: comma, semicolon (European banks) or tab. */
export function sniffDelimiter(text: string): string | null {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      // leading blank lines are not the header
      if (counts[',']! + counts[';']! + counts['\t']! > 0 || text.slice(0, i).trim() !== '') break;
    } else if (!quoted && c in counts) counts[c]!++;
  }
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  return n > 0 ? best : null;
}

/**
 * RFC 4180 records: quoted fields may hold the separator, doubled quotes and line breaks; CRLF, LF
 * or CR end a record. Stops with STATEMENT_INVALID past `maxRecords`.
 */
export function parseCsvRecords(
  text: string,
  delimiter: string,
  maxRecords = Number.POSITIVE_INFINITY,
): Array<{ line: number; cells: string[] }> {
  const sep = delimiter.charCodeAt(0);
  const n = text.length;
  const records: Array<{ line: number; cells: string[] }> = [];
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let value = '';
      if (text.charCodeAt(i) === QUOTE) {
        i++;
        let from = i;
        for (;;) {
          const q = text.indexOf('"', i);
          const end = q === -1 ? n : q;
          for (let k = i; k < end; k++) if (text.charCodeAt(k) === LF) line++;
          if (q === -1) {
            value += text.slice(from);
            i = n;
            break;
          }
          if (text.charCodeAt(q + 1) === QUOTE) {
            value += text.slice(from, q + 1);
            i = from = q + 2;
            continue;
          }
          value += text.slice(from, q);
          i = q + 1;
          break;
        }
      }
      // unquoted text, or what follows a closing quote (kept, as spreadsheets do)
      const from = i;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === sep || c === CR || c === LF) break;
        i++;
      }
      if (i > from) value += text.slice(from, i);
      cells.push(value);
      const c = text.charCodeAt(i);
      if (c === sep) {
        i++;
        continue;
      }
      if (c === CR) {
        i++;
        if (text.charCodeAt(i) === LF) i++;
        line++;
      } else if (c === LF) {
        i++;
        line++;
      }
      break;
    }
    records.push({ line: start, cells });
    if (records.length > maxRecords) throw TOO_MANY_ROWS();
  }
  return records;
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/** Names of the columns: trimmed, a blank one named by its position, a repeated one numbered. */
function columnNames(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((h, i) => {
    const name = h.trim() || `Column ${i + 1}`;
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    return count > 1 ? `${name} (${count})` : name;
  });
}

/**
 * Reads a statement file: text, a delimiter and a header row, else UNSUPPORTED_FILE; at most
 * STATEMENT_MAX_ROWS data rows, else STATEMENT_INVALID.
 */
export function readStatementCsv(data: Buffer): StatementTable {
  const text = decodeStatement(data);
  const delimiter = sniffDelimiter(text);
  if (!delimiter) throw NOT_CSV();
  // Blank rows do not count, so a few more records than rows may be read before refusing.
  const records = parseCsvRecords(text, delimiter, STATEMENT_MAX_ROWS * 2 + 1);
  const first = records.findIndex((r) => !isBlank(r.cells));
  const header = records[first];
  if (!header || header.cells.filter((c) => c.trim() !== '').length < 2) throw NOT_CSV();
  // A first row of dates and amounts is data, not a header.
  if (header.cells.some((c) => looksLikeDate(c) || looksLikeAmount(c))) throw NOT_CSV();
  const columns = columnNames(header.cells);
  const rows: StatementTable['rows'] = [];
  for (const r of records.slice(first + 1)) {
    if (isBlank(r.cells)) continue;
    rows.push({ line: r.line, cells: columns.map((_, k) => (r.cells[k] ?? '').trim()) });
    if (rows.length > STATEMENT_MAX_ROWS) throw TOO_MANY_ROWS();
  }
  return { delimiter, columns, rows };
}
