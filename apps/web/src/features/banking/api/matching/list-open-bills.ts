import type { BillListItem } from '@app/shared/accounting/bills.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { http } from '../../../../lib/http/http-client.ts';
import type { OpenDocument } from './open-document.ts';

const PAGE = 10;

const toOpen = (b: BillListItem): OpenDocument => ({
  kind: 'bill',
  id: b.id,
  number: b.number,
  counterparty: b.supplier,
  currency: b.currency,
  total: b.amount,
  open_amount: b.open_amount,
  due_date: b.due_date,
});

/** GET supplier-invoices/?status=Unpaid: the company's bills not yet paid whose number or supplier matches. */
export async function listOpenBills(
  { search, company }: { search: string; company: number },
  signal?: AbortSignal,
): Promise<OpenDocument[]> {
  const page = await http.get<DirectoryListResult<BillListItem>>('supplier-invoices/', {
    query: { search, company, status: 'Unpaid', limit: PAGE, ordering: 'due_date' },
    signal,
  });
  return page.data.map(toOpen);
}
