import type { ImportPreview } from '@app/shared/directory/index';
import { describe, expect, it } from 'vitest';
import { initialMapping, mappedRows, missingRequired, reportCsv, reusedColumns } from './import-mapping.ts';

const PREVIEW: ImportPreview = {
  file_name: 'x.csv',
  format: 'csv',
  columns: ['Name', 'Mail'],
  total_rows: 1,
  rows: [['Acme', 'a@x.com']],
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'email', label: 'Email', required: false },
    { name: 'city', label: 'City', required: false },
  ],
  suggested_mapping: { name: 'Name', email: 'Mail', city: 'Town' },
};

describe('import mapping', () => {
  it('keeps only suggestions that name a real column', () => {
    expect(initialMapping(PREVIEW)).toEqual({ name: 'Name', email: 'Mail', city: null });
  });

  it('finds required fields without a column and columns used twice', () => {
    expect(missingRequired(PREVIEW.fields, { name: null, email: 'Mail' })).toEqual(['name']);
    expect(missingRequired(PREVIEW.fields, { name: 'Name' })).toEqual([]);
    expect(reusedColumns({ name: 'Name', email: 'Name', city: null })).toEqual(['Name']);
  });

  it('reads the first rows through the mapping', () => {
    expect(mappedRows(PREVIEW, { name: 'Name', email: null, city: null })).toEqual({
      fields: [PREVIEW.fields[0]],
      rows: [['Acme']],
    });
  });

  it('writes the report as CSV in row order, quoting what needs it', () => {
    const csv = reportCsv(
      {
        total_rows: 3,
        imported: 0,
        skipped_duplicates: [{ row: 4, reason: 'Same name as "Acme", already there' }],
        refused: [{ row: 2, errors: { email: ['Invalid mail format'] } }],
      },
      (f) => (f === 'email' ? 'Email' : f),
    );
    expect(csv).toBe(
      'Row,Outcome,Reason\r\n2,Refused,Email: Invalid mail format\r\n4,Skipped (duplicate),"Same name as ""Acme"", already there"\r\n',
    );
  });
});
