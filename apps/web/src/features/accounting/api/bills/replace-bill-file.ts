import type { BillRecord } from '@app/shared/accounting/bills.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { useBillMutation } from './bill-mutation.ts';

/** POST supplier-invoices/{id}/file/ (multipart, one `file`): replaces the bill's file. */
export async function replaceBillFile({ id, file }: { id: number; file: File }): Promise<BillRecord> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (
    await http.post<{ data: BillRecord }>(`supplier-invoices/${id}/file/`, form, {
      fieldErrors: 'inline',
      quiet: [400],
    })
  ).data;
}

export function useReplaceBillFile() {
  return useBillMutation(replaceBillFile, ({ id }) => id);
}
