import { IMPORT_MAX_ROWS } from '@app/shared';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors.ts';
import { fromInertText } from '../../platform/export-writers.ts';

export interface ParsedFile {
  format: 'csv' | 'xlsx';
  columns: string[];
  /** Data rows (header excluded, blank rows dropped), each as long as `columns`. */
  rows: Array<{ row: number; cells: string[] }>;
}

/** The separator the header line uses most, outside quotes: comma, semicolon (European Excel) or tab. */
function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c]!++;
  }
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  return n > 0 ? best : ',';
}

/** RFC 4180: quoted fields may hold separators, doubled quotes and line breaks. */
export function parseCsv(input: string, maxRows = IMPORT_MAX_ROWS + 1): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const sep = detectDelimiter(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    field = '';
    // Blank lines stay, as empty records, so row numbers match what a spreadsheet shows.
    rows.push(row);
    row = [];
    if (rows.length > maxRows) throw tooManyRows();
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i++;
      continue;
    }
    if (c === '"' && field.length === 0) quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      endRow();
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else field += c;
    i++;
  }
  if (field.length > 0 || row.length > 0) endRow();
  return rows;
}

const tooManyRows = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file has more than ${IMPORT_MAX_ROWS} rows; split it and import each part.`,
  );

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

/** The first worksheet, read as text: dates as YYYY-MM-DD, formulas by their result. */
export async function parseXlsx(data: Buffer): Promise<Array<{ row: number; cells: string[] }>> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA', 'The file is not a readable XLSX workbook.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.rowCount > IMPORT_MAX_ROWS + 1) throw tooManyRows();
  const rows: Array<{ row: number; cells: string[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as ExcelJS.CellValue[];
    // row.values is 1-based: index 0 is always empty.
    rows.push({
      row: row.number,
      cells: Array.from({ length: Math.max(values.length - 1, 0) }, (_, i) => cellText(values[i + 1])),
    });
  });
  return rows;
}

const isZip = (data: Buffer) =>
  data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/** Reads an uploaded CSV (UTF-8) or XLSX file into a header and rows of trimmed text. */
export async function parseImportFile(fileName: string, data: Buffer): Promise<ParsedFile> {
  const lower = fileName.toLowerCase();
  let format: ParsedFile['format'];
  let table: Array<{ row: number; cells: string[] }>;
  if (isZip(data) || lower.endsWith('.xlsx')) {
    format = 'xlsx';
    table = await parseXlsx(data);
  } else if (lower.endsWith('.xls')) {
    throw new AppError(
      'UNSUPPORTED_MEDIA',
      'Old .xls workbooks are not supported: save the file as .xlsx or .csv.',
    );
  } else {
    format = 'csv';
    table = parseCsv(data.toString('utf8')).map((cells, i) => ({ row: i + 1, cells }));
  }
  const [first, ...body] = table;
  const header = first?.cells;
  if (!header || header.every((h) => h.trim() === ''))
    throw new AppError('BAD_REQUEST', 'The file is empty: the first row must name the columns.');
  const seen = new Map<string, number>();
  const columns = header.map((h, i) => {
    const name = h.trim() || `Column ${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n > 1 ? `${name} (${n})` : name;
  });
  const rows = body
    // an exported file imports back as it is: the quote that kept `+44...` from being a formula goes
    .map((r) => ({ row: r.row, cells: columns.map((_, i) => fromInertText((r.cells[i] ?? '').trim())) }))
    // Rows that are empty in every column are spacing, not records.
    .filter((r) => r.cells.some((c) => c !== ''));
  if (rows.length > IMPORT_MAX_ROWS) throw tooManyRows();
  return { format, columns, rows };
}
