import type { BillRecord, CreateBillFields } from '@app/shared/accounting/bills.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { useBillMutation } from './bill-mutation.ts';

export interface CreateBillInput {
  fields: CreateBillFields;
  file: File;
}

/**
 * The multipart body of `POST supplier-invoices/`: each field as text, `lines` as a JSON array
 * (the contract reads that or comma-separated ids), optional fields left out when empty, and the
 * file last under `file`.
 */
export function billFormData({ fields, file }: CreateBillInput): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    form.append(key, key === 'lines' ? JSON.stringify(value) : String(value));
  }
  form.append('file', file, file.name);
  return form;
}

/**
 * POST supplier-invoices/ (multipart): records a bill with its file. A 400 is the dialog's to show
 * (field messages under their fields, a refused rule in the dialog), so it is not toasted here.
 */
export async function createBill(input: CreateBillInput): Promise<BillRecord> {
  return (
    await http.post<{ data: BillRecord }>('supplier-invoices/', billFormData(input), {
      fieldErrors: 'inline',
      quiet: [400],
    })
  ).data;
}

export function useCreateBill() {
  return useBillMutation(createBill, (_input, bill) => bill.id);
}
