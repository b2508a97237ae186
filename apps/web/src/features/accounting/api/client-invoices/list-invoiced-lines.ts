import { useQuery } from '@tanstack/react-query';
import { clientInvoicesKeys } from './client-invoices-keys.ts';
import { getClientInvoice } from './get-client-invoice.ts';
import { listClientInvoices } from './list-client-invoices.ts';

/** A request's invoices looked into to name the one holding a line; a request has a few. */
const INVOICES_LOOKED_AT = 20;

export interface InvoiceRef {
  id: number;
  number: string;
}

/**
 * Request line id → the live invoice that holds it (a line on an invoice and not credited), for
 * the request's invoices. The new-invoice dialog says "Invoiced on TPRO-INV-2026-0007" with it.
 */
export async function listInvoicedLines(
  requestId: number,
  signal?: AbortSignal,
): Promise<Map<number, InvoiceRef>> {
  const page = await listClientInvoices(
    { request: requestId, kind: 'invoice', limit: INVOICES_LOOKED_AT, offset: 0 },
    signal,
  );
  const records = await Promise.all(page.data.map((invoice) => getClientInvoice(invoice.id, signal)));
  const held = new Map<number, InvoiceRef>();
  for (const record of records)
    for (const line of record.lines)
      if (line.credited_at === null) held.set(line.line_id, { id: record.id, number: record.number });
  return held;
}

/** Asked only when the request has lines already invoiced. */
export function useInvoicedLines(requestId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: clientInvoicesKeys.invoicedLines(requestId ?? 0),
    queryFn: ({ signal }) => listInvoicedLines(requestId as number, signal),
    enabled: requestId !== null && enabled,
    retry: false,
  });
}
