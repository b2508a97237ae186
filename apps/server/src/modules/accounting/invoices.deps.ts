import type { RateLike } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { LineInvoicingSource } from '../requests/requests.invoicing.ts';

/** The audit entity of client invoices and credit notes (`GET audit/?entity=client_invoice`). */
export const INVOICE_ENTITY = 'client_invoice';

/** What the invoices services use: the rates module's on-date lookup and the requests' line moves. */
export interface InvoicesServiceDeps {
  db: Db;
  rates: { onDate(date: string): Promise<{ id: number; rates: readonly RateLike[] } | null> };
  invoicing: LineInvoicingSource;
  /** "Today" (UTC) and the instants written; tests pass their own. */
  clock?: () => Date;
}

export const todayOf = (d: Date): string => d.toISOString().slice(0, 10);

/** `YYYY-MM-DD` plus whole days, in UTC. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return todayOf(d);
}
