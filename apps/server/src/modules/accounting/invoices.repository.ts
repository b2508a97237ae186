import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { banks } from '../directory/banks.table.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { requestLines, requests } from '../requests/requests.table.ts';
import { users } from '../users/users.table.ts';
import { clientInvoiceLines, clientInvoices, creditApplications } from './invoices.table.ts';

export type InvoiceRow = typeof clientInvoices.$inferSelect;
export type InvoiceInsert = typeof clientInvoices.$inferInsert;
export type InvoiceLineRow = typeof clientInvoiceLines.$inferSelect;
export type InvoiceLineInsert = typeof clientInvoiceLines.$inferInsert;

const credited = alias(clientInvoices, 'credited');
const creditNote = alias(clientInvoices, 'credit_note');
const creator = alias(users, 'creator');

/** A live invoice line: positive and not credited (`client_invoice_lines_live_key`). */
const live = and(sql`${clientInvoiceLines.amount} > 0`, isNull(clientInvoiceLines.credited_at));

/** The header with the names it points to. */
export interface InvoiceWithRefs {
  invoice: InvoiceRow;
  company: { id: number; code: string; name: string };
  client_name: string;
  request_number: string;
  credits_number: string | null;
  creator_name: string | null;
}

export interface InvoiceLineWithRefs {
  line: InvoiceLineRow;
  request_number: string;
  line_status: string | null;
}

/** Client invoices and credit notes: SQL only (decision 0010). */
export const invoicesRepository = {
  async company(ex: Executor, id: number) {
    const rows = await ex
      .select({
        id: companies.id,
        code: companies.code,
        name: companies.name,
        address: companies.address,
        vat_number: companies.vat_number,
        registration_number: companies.registration_number,
        base_currency: companies.base_currency,
        invoice_prefix: companies.invoice_prefix,
      })
      .from(companies)
      .where(eq(companies.id, id));
    return rows[0] ?? null;
  },

  /** The company's Income account in the currency (the oldest when there are several). */
  async incomeBank(ex: Executor, companyId: number, currency: string) {
    const rows = await ex
      .select({
        account_name: banks.account_name,
        bank_name: banks.bank_name,
        account_number: banks.account_number,
        swift: banks.swift,
        currency: banks.currency,
      })
      .from(banks)
      .where(
        and(
          eq(banks.company_id, companyId),
          eq(banks.currency, currency),
          eq(banks.type, 'Income'),
          isNull(banks.archived_at),
        ),
      )
      .orderBy(asc(banks.id))
      .limit(1);
    return rows[0] ?? null;
  },

  async client(ex: Executor, id: number) {
    const rows = await ex
      .select({
        id: clients.id,
        first_name: clients.first_name,
        last_name: clients.last_name,
        address: clients.address,
        city: clients.city,
        country: clients.country,
        email: clients.email,
        payment_terms_days: clients.payment_terms_days,
      })
      .from(clients)
      .where(eq(clients.id, id));
    return rows[0] ?? null;
  },

  async request(ex: Executor, id: number) {
    const rows = await ex
      .select({
        id: requests.id,
        number: requests.number,
        client_id: requests.client_id,
        company_id: requests.company_id,
        canceled_at: requests.canceled_at,
      })
      .from(requests)
      .where(eq(requests.id, id));
    return rows[0] ?? null;
  },

  /** For each request line on a live invoice: that invoice's number. */
  async liveInvoicesOfLines(ex: Executor, lineIds: number[]): Promise<Map<number, string>> {
    if (lineIds.length === 0) return new Map();
    const rows = await ex
      .select({ line_id: clientInvoiceLines.line_id, number: clientInvoices.number })
      .from(clientInvoiceLines)
      .innerJoin(clientInvoices, eq(clientInvoices.id, clientInvoiceLines.invoice_id))
      .where(and(inArray(clientInvoiceLines.line_id, lineIds), live));
    return new Map(rows.map((r) => [r.line_id, r.number]));
  },

  /** Which of the requests still have a live invoice line (`requests.has_invoice`). */
  async requestsWithLiveLines(ex: Executor, requestIds: number[]): Promise<Set<number>> {
    if (requestIds.length === 0) return new Set();
    const rows = await ex
      .selectDistinct({ id: clientInvoiceLines.request_id })
      .from(clientInvoiceLines)
      .where(and(inArray(clientInvoiceLines.request_id, requestIds), live));
    return new Set(rows.map((r) => r.id));
  },

  async insert(ex: Executor, values: InvoiceInsert): Promise<InvoiceRow> {
    return (await ex.insert(clientInvoices).values(values).returning())[0]!;
  },

  async insertLines(ex: Executor, values: InvoiceLineInsert[]): Promise<InvoiceLineRow[]> {
    return ex.insert(clientInvoiceLines).values(values).returning();
  },

  async findForUpdate(ex: Executor, id: number): Promise<InvoiceRow | null> {
    return (await ex.select().from(clientInvoices).where(eq(clientInvoices.id, id)).for('update'))[0] ?? null;
  },

  async findById(ex: Executor, id: number): Promise<InvoiceWithRefs | null> {
    const rows = await ex
      .select({
        invoice: clientInvoices,
        company: { id: companies.id, code: companies.code, name: companies.name },
        client_name: sql<string>`${clients.first_name} || ' ' || ${clients.last_name}`,
        request_number: requests.number,
        credits_number: credited.number,
        creator_name: creator.name,
      })
      .from(clientInvoices)
      .innerJoin(companies, eq(companies.id, clientInvoices.company_id))
      .innerJoin(clients, eq(clients.id, clientInvoices.client_id))
      .innerJoin(requests, eq(requests.id, clientInvoices.request_id))
      .leftJoin(credited, eq(credited.id, clientInvoices.credits_invoice_id))
      .leftJoin(creator, eq(creator.id, clientInvoices.created_by))
      .where(eq(clientInvoices.id, id));
    return rows[0] ?? null;
  },

  /** The document's lines in print order, with their request's number and the line's status now. */
  async linesOf(ex: Executor, invoiceId: number): Promise<InvoiceLineWithRefs[]> {
    return ex
      .select({ line: clientInvoiceLines, request_number: requests.number, line_status: requestLines.status })
      .from(clientInvoiceLines)
      .innerJoin(requests, eq(requests.id, clientInvoiceLines.request_id))
      .innerJoin(requestLines, eq(requestLines.id, clientInvoiceLines.line_id))
      .where(eq(clientInvoiceLines.invoice_id, invoiceId))
      .orderBy(asc(clientInvoiceLines.position), asc(clientInvoiceLines.id));
  },

  async creditNotesOf(ex: Executor, invoiceId: number) {
    return ex
      .select({ id: clientInvoices.id, number: clientInvoices.number, total: clientInvoices.total })
      .from(clientInvoices)
      .where(eq(clientInvoices.credits_invoice_id, invoiceId))
      .orderBy(asc(clientInvoices.id));
  },

  /** Credit applied to or from the document. */
  async applicationsOf(ex: Executor, documentId: number) {
    return ex
      .select({
        id: creditApplications.id,
        amount: creditApplications.amount,
        created_at: creditApplications.created_at,
        credit_note: { id: creditNote.id, number: creditNote.number },
        invoice: { id: credited.id, number: credited.number },
      })
      .from(creditApplications)
      .innerJoin(creditNote, eq(creditNote.id, creditApplications.credit_note_id))
      .innerJoin(credited, eq(credited.id, creditApplications.invoice_id))
      .where(
        or(eq(creditApplications.invoice_id, documentId), eq(creditApplications.credit_note_id, documentId)),
      )
      .orderBy(asc(creditApplications.id));
  },

  async markCredited(ex: Executor, lineIds: number[], at: Date): Promise<void> {
    if (lineIds.length === 0) return;
    await ex
      .update(clientInvoiceLines)
      .set({ credited_at: at })
      .where(and(inArray(clientInvoiceLines.id, lineIds), isNull(clientInvoiceLines.credited_at)));
  },

  /** Settlement moves only this way: raised by a signed amount, one version up. */
  async raiseSettled(ex: Executor, id: number, amount: string): Promise<InvoiceRow> {
    const rows = await ex
      .update(clientInvoices)
      .set({
        settled_amount: sql`${clientInvoices.settled_amount} + ${amount}::numeric`,
        version: sql`${clientInvoices.version} + 1`,
        updated_at: new Date(),
      })
      .where(eq(clientInvoices.id, id))
      .returning();
    return rows[0]!;
  },

  async insertApplication(ex: Executor, values: typeof creditApplications.$inferInsert): Promise<void> {
    await ex.insert(creditApplications).values(values);
  },

  async updateNote(ex: Executor, id: number, note: string | null): Promise<InvoiceRow> {
    const rows = await ex
      .update(clientInvoices)
      .set({ internal_note: note, version: sql`${clientInvoices.version} + 1`, updated_at: new Date() })
      .where(eq(clientInvoices.id, id))
      .returning();
    return rows[0]!;
  },
};
