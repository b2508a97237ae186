import type { InvoiceListItem } from '@app/shared/accounting/invoices.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { http } from '../../../../lib/http/http-client.ts';
import type { OpenDocument } from './open-document.ts';

const PAGE = 10;

const toOpen = (i: InvoiceListItem): OpenDocument => ({
  kind: 'invoice',
  id: i.id,
  number: i.number,
  counterparty: i.client,
  currency: i.currency,
  total: i.total,
  open_amount: i.open_amount,
  due_date: i.due_date,
});

/**
 * GET client-invoices/ twice (Unpaid, then Partial: the status filter takes one value): the
 * company's invoices still open whose number or client matches. Credit notes settle their
 * invoice, not a bank line, so they are left out.
 */
export async function listOpenInvoices(
  { search, company }: { search: string; company: number },
  signal?: AbortSignal,
): Promise<OpenDocument[]> {
  const pages = await Promise.all(
    (['Unpaid', 'Partial'] as const).map((status) =>
      http.get<DirectoryListResult<InvoiceListItem>>('client-invoices/', {
        query: { search, company, status, kind: 'invoice', limit: PAGE, ordering: 'due_date' },
        signal,
      }),
    ),
  );
  return pages.flatMap((p) => p.data).map(toOpen);
}
