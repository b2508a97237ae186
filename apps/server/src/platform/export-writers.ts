import { PassThrough, type Writable } from 'node:stream';
import type { ExportFormat } from '@app/shared';
import ExcelJS from 'exceljs';

/**
 * An amount: the decimal string in CSV; in XLSX a number with the currency's number format, so a
 * spreadsheet sums it. (A spreadsheet holds doubles; amounts of 2 places below 10^13 read back
 * exactly.) `currency` absent: a plain `#,##0.00`.
 */
export interface MoneyCell {
  money: string;
  currency?: string | undefined;
}
/** A fraction shown as a percentage (`0.1234` is 12.34%): the decimal string in CSV. */
export interface PercentCell {
  percent: string;
}
export type Cell = string | number | null | MoneyCell | PercentCell;

export const moneyCell = (money: string, currency?: string): MoneyCell => ({ money, currency });

/** `#,##0.00 "GBP"`, negatives with a minus: Excel, LibreOffice and Numbers all read it. */
export const moneyFormat = (currency?: string) =>
  currency ? `#,##0.00 "${currency}";-#,##0.00 "${currency}"` : '#,##0.00;-#,##0.00';
export const PERCENT_FORMAT = '0.00%';

/** A table produced page by page, so a long export never sits in memory whole. */
export interface ExportTable {
  name: string;
  headers: string[];
  pages: AsyncIterable<Cell[][]>;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Spreadsheet programs run a cell that starts with = + - @ as a formula; a leading quote keeps
 * such text inert (OWASP "CSV injection"). Plain numbers, negative amounts included, stay as they are.
 */
export function inertText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

/** Undoes inertText when a file comes back in an import: `'+44 20...` is the phone `+44 20...`. */
export function fromInertText(value: string): string {
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
}

function plainValue(value: Exclude<Cell, null>): string | number {
  if (typeof value !== 'object') return value;
  return 'money' in value ? value.money : value.percent;
}

export function csvCell(value: Cell): string {
  if (value === null) return '';
  const text = inertText(String(plainValue(value)));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Writes respecting back-pressure, so a slow client slows the export rather than filling memory. */
function write(out: Writable, chunk: string): Promise<void> {
  return out.write(chunk) ? Promise.resolve() : new Promise((resolve) => out.once('drain', () => resolve()));
}

async function writeCsv(table: ExportTable, out: PassThrough): Promise<void> {
  // The byte-order mark makes Excel read the file as UTF-8 (names in Cyrillic, accents).
  await write(out, `\uFEFF${csvLine(table.headers)}`);
  for await (const page of table.pages) await write(out, page.map(csvLine).join(''));
  out.end();
}

async function writeXlsx(table: ExportTable, out: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(table.name);
  sheet.columns = table.headers.map((header) => ({
    header,
    width: Math.max(12, Math.min(40, header.length + 4)),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const page of table.pages) {
    for (const cells of page) {
      const row = sheet.addRow(
        cells.map((c) => (c !== null && typeof c === 'object' ? Number(plainValue(c)) : c)),
      );
      cells.forEach((c, i) => {
        if (c === null || typeof c !== 'object') return;
        row.getCell(i + 1).numFmt = 'money' in c ? moneyFormat(c.currency) : PERCENT_FORMAT;
      });
      row.commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The export as a stream, opened only once its first page is read: bad filters and a failing
 * database throw here, before any header is sent, so the caller answers them as errors. A failure
 * on a later page ends the stream with the error (and is logged by the caller); the download is
 * then cut short rather than complete-looking.
 */
export async function openExportStream(
  table: ExportTable,
  format: ExportFormat,
  onError: (err: unknown) => void,
): Promise<PassThrough> {
  const iterator = table.pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  const rest: AsyncIterable<Cell[][]> = { [Symbol.asyncIterator]: () => iterator };
  const pages = (async function* () {
    if (first.done) return;
    yield first.value;
    yield* rest;
  })();
  const out = new PassThrough();
  const run = format === 'csv' ? writeCsv({ ...table, pages }, out) : writeXlsx({ ...table, pages }, out);
  run.catch((err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

/** Pages of at most `size` ids at a time, mapped to rows. */
export async function* idPages<T>(
  ids: number[],
  size: number,
  load: (ids: number[]) => Promise<T[]>,
  toCells: (row: T) => Cell[],
) {
  for (let i = 0; i < ids.length; i += size) {
    const rows = await load(ids.slice(i, i + size));
    yield rows.map(toCells);
  }
}

/** Pages from a paged list call, until it runs dry. */
export async function* offsetPages<T>(
  fetch: (offset: number, limit: number) => Promise<T[]>,
  toCells: (row: T) => Cell[],
  size = 500,
) {
  for (let offset = 0; ; offset += size) {
    const rows = await fetch(offset, size);
    if (rows.length) yield rows.map(toCells);
    if (rows.length < size) return;
  }
}
