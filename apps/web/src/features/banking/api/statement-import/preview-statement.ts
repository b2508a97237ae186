import type { StatementMapping, StatementPreview } from '@app/shared/banking/statement-import.schemas';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { statementFormData } from './statement-form-data.ts';

export interface StatementPreviewInput {
  bank: number;
  file: File;
  /** null: the mapping remembered for the account, or the server's guess. */
  mapping: StatementMapping | null;
}

/**
 * POST transactions/import/ without commit: the file's columns, the mapping, the first rows as
 * they will be read, duplicates and refused rows. Nothing is written but the remembered mapping.
 * The wizard shows a refusal itself (`unsupported_file`, `statement_without_date`).
 */
export async function previewStatement(input: StatementPreviewInput): Promise<StatementPreview> {
  const body = statementFormData({ ...input, commit: false });
  return (await http.post<{ data: StatementPreview }>('transactions/import/', body, { quiet: true })).data;
}

export function usePreviewStatement() {
  return useMutation({ mutationFn: previewStatement });
}
