import type { StatementImport, StatementMapping } from '@app/shared/banking/statement-import.schemas';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { statementFormData } from './statement-form-data.ts';

/** POST transactions/import/ with commit=true: 202 and the import, which then runs in the background. */
export async function commitStatement(input: {
  bank: number;
  file: File;
  mapping: StatementMapping;
}): Promise<StatementImport> {
  const body = statementFormData({ ...input, commit: true });
  return (await http.post<{ data: StatementImport }>('transactions/import/', body, { quiet: true })).data;
}

export function useCommitStatement() {
  return useMutation({ mutationFn: commitStatement });
}
