import type { StatementImport, StatementRefusal } from '@app/shared';
import { bankName } from '../directory/banks.service.ts';
import type { StatementImportWithBank } from './statement-import.repository.ts';

/** The audit entity: one line per import, with its counts (not one per bank line). */
export const STATEMENT_IMPORT_ENTITY = 'statement_import';

/** Refused rows kept in an import's report and listed by a preview: enough to fix a file by. */
export const REFUSALS_LISTED = 1000;

export function toStatementImport(row: StatementImportWithBank): StatementImport {
  return {
    id: row.id,
    bank: { id: row.bank_id, named: bankName(row.bank) },
    file_name: row.file_name,
    status: row.status as StatementImport['status'],
    rows_total: row.rows_total,
    rows_done: row.rows_done,
    rows_imported: row.rows_imported,
    rows_duplicate: row.rows_duplicate,
    refused: row.report as StatementRefusal[],
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

/** The file's own name, as it may be stored and shown: no folders or control characters, at most 200. */
export function statementFileName(original: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim();
  return [...(base || 'statement.csv')].slice(0, 200).join('');
}
