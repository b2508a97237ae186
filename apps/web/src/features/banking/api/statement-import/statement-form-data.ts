import type { StatementMapping } from '@app/shared/banking/statement-import.schemas';

/**
 * The multipart body of `POST transactions/import/`: `bank`, `mapping` as JSON (left out to let
 * the server use the remembered or guessed one), `commit`, and the file last so the server reads
 * the fields before streaming it.
 */
export function statementFormData({
  bank,
  file,
  mapping,
  commit,
}: {
  bank: number;
  file: File;
  mapping: StatementMapping | null;
  commit: boolean;
}): FormData {
  const form = new FormData();
  form.append('bank', String(bank));
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('commit', commit ? 'true' : 'false');
  form.append('file', file, file.name);
  return form;
}
