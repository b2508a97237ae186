import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { clients } from '../directory/clients.table.ts';
import { requests } from '../requests/requests.table.ts';
import { clientInvoiceLines, clientInvoices } from './invoices.table.ts';

const credited = alias(clientInvoices, 'credited');

/** What the PDF and the email of one document are made of: its rows as stored. */
export interface InvoiceDocumentRows {
  header: {
    id: number;
    kind: string;
    number: string;
    issue_date: string;
    due_date: string;
    currency: string;
    total: string;
    reason: string | null;
    seller: unknown;
    bill_to: unknown;
    credits_number: string | null;
    /** The request it was issued from. */
    request_number: string;
    /** The client's email now, for sending when the snapshot has none. */
    client_email: string | null;
    sent_at: Date | null;
    sent_to: string | null;
  };
  lines: {
    account_type: string;
    description: string;
    service_date_from: string | null;
    service_date_to: string | null;
    amount: string;
    request_number: string;
  }[];
}

/** Reads for the PDF and writes of the sending (decision 0010, "PDF" and "Sending"): SQL only. */
export const invoiceDocumentsRepository = {
  async find(ex: Executor, id: number): Promise<InvoiceDocumentRows | null> {
    const [header] = await ex
      .select({
        id: clientInvoices.id,
        kind: clientInvoices.kind,
        number: clientInvoices.number,
        issue_date: clientInvoices.issue_date,
        due_date: clientInvoices.due_date,
        currency: clientInvoices.currency,
        total: clientInvoices.total,
        reason: clientInvoices.reason,
        seller: clientInvoices.seller,
        bill_to: clientInvoices.bill_to,
        credits_number: credited.number,
        request_number: requests.number,
        client_email: clients.email,
        sent_at: clientInvoices.sent_at,
        sent_to: clientInvoices.sent_to,
      })
      .from(clientInvoices)
      .innerJoin(requests, eq(requests.id, clientInvoices.request_id))
      .innerJoin(clients, eq(clients.id, clientInvoices.client_id))
      .leftJoin(credited, eq(credited.id, clientInvoices.credits_invoice_id))
      .where(eq(clientInvoices.id, id));
    if (!header) return null;
    const lines = await ex
      .select({
        account_type: clientInvoiceLines.account_type,
        description: clientInvoiceLines.description,
        service_date_from: clientInvoiceLines.service_date_from,
        service_date_to: clientInvoiceLines.service_date_to,
        amount: clientInvoiceLines.amount,
        request_number: requests.number,
      })
      .from(clientInvoiceLines)
      .innerJoin(requests, eq(requests.id, clientInvoiceLines.request_id))
      .where(eq(clientInvoiceLines.invoice_id, id))
      .orderBy(asc(clientInvoiceLines.position), asc(clientInvoiceLines.id));
    return { header, lines };
  },

  /** Holds the header while its sending is recorded; answers what it said before. */
  async lockForSending(ex: Executor, id: number) {
    const rows = await ex
      .select({ sent_at: clientInvoices.sent_at, sent_to: clientInvoices.sent_to })
      .from(clientInvoices)
      .where(eq(clientInvoices.id, id))
      .for('update');
    return rows[0] ?? null;
  },

  /**
   * `sent_at` only the first time, `sent_to` every time: with `updated_at` and `version`, the only
   * columns the guard trigger lets change here.
   */
  async markSent(ex: Executor, id: number, to: string, at: Date) {
    const [row] = await ex
      .update(clientInvoices)
      .set({
        sent_at: sql`coalesce(${clientInvoices.sent_at}, ${at.toISOString()}::timestamptz)`,
        sent_to: to,
        updated_at: at,
        version: sql`${clientInvoices.version} + 1`,
      })
      .where(eq(clientInvoices.id, id))
      .returning({
        id: clientInvoices.id,
        sent_at: clientInvoices.sent_at,
        sent_to: clientInvoices.sent_to,
        version: clientInvoices.version,
      });
    return row!;
  },
};
