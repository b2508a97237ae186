import type { ImportField, ImportMapping, ImportPreview, ImportReport } from '@app/shared/directory/index';

/** The suggestion, limited to columns the file really has. */
export function initialMapping(preview: ImportPreview): ImportMapping {
  const columns = new Set(preview.columns);
  const mapping: ImportMapping = {};
  for (const field of preview.fields) {
    const column = preview.suggested_mapping[field.name];
    mapping[field.name] = column && columns.has(column) ? column : null;
  }
  return mapping;
}

/** Required fields left without a column: the import cannot start. */
export function missingRequired(fields: readonly ImportField[], mapping: ImportMapping): string[] {
  return fields.filter((f) => f.required && !mapping[f.name]).map((f) => f.name);
}

/** Columns chosen for more than one field: allowed, but usually a slip worth pointing out. */
export function reusedColumns(mapping: ImportMapping): string[] {
  const seen = new Map<string, number>();
  for (const column of Object.values(mapping)) if (column) seen.set(column, (seen.get(column) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([column]) => column);
}

/** The first rows as they will be read: one cell per mapped field, in field order. */
export function mappedRows(
  preview: ImportPreview,
  mapping: ImportMapping,
): { fields: ImportField[]; rows: string[][] } {
  const fields = preview.fields.filter((f) => mapping[f.name]);
  const index = new Map(preview.columns.map((c, i) => [c, i]));
  const rows = preview.rows.map((row) =>
    fields.map((f) => {
      const at = index.get(mapping[f.name] as string);
      return at === undefined ? '' : (row[at] ?? '');
    }),
  );
  return { fields, rows };
}

/** A value with commas, quotes or line breaks is quoted, quotes doubled (RFC 4180). */
const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The report as CSV, one line per row not imported, to fix the file and try again. */
export function reportCsv(report: ImportReport, labelOf: (field: string) => string): string {
  const lines = [['Row', 'Outcome', 'Reason']];
  for (const item of report.skipped_duplicates)
    lines.push([String(item.row), 'Skipped (duplicate)', item.reason]);
  for (const item of report.refused) {
    const reasons = Object.entries(item.errors).map(
      ([field, messages]) => `${labelOf(field)}: ${messages.join(', ')}`,
    );
    lines.push([String(item.row), 'Refused', reasons.join('; ')]);
  }
  lines.sort((a, b) => (a[0] === 'Row' ? -1 : b[0] === 'Row' ? 1 : Number(a[0]) - Number(b[0])));
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
