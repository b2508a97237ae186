import type { XeroSettings } from '@app/shared';
import type { XeroClient } from './xero-api.ts';
import { parseXeroDate, XeroNotConnectedError, xeroFingerprint, xeroJson } from './xero-api.ts';
import { pushCreditNotes } from './xero-credit-notes.push.ts';
import {
  type PushBill,
  type PushInvoice,
  toXeroBill,
  toXeroInvoice,
  type XeroInvoiceElement,
} from './xero-invoice.mapping.ts';
import { pushPayments } from './xero-payments.push.ts';
import { xeroPushRepository } from './xero-push.repository.ts';
import { batchAnswers, chunks, elementErrors, failRecord } from './xero-push.shared.ts';
import { xeroRecordsRepository } from './xero-records.repository.ts';
import { getXeroSettings } from './xero-settings.service.ts';
import type { XeroSyncContext, XeroSyncStep } from './xero-sync.context.ts';
import { xeroSyncRepository } from './xero-sync.repository.ts';

const INVOICES = '/api.xro/2.0/Invoices';

/** An invoice or bill on its way: who it belongs to in Xero and how it is built once that is known. */
interface Doc {
  kind: 'invoice' | 'bill';
  id: number;
  label: string;
  contactKind: 'client' | 'supplier';
  contactId: number;
  contactName: string;
  build(contactXeroId: string): XeroInvoiceElement;
}

const invoiceDoc = (inv: PushInvoice, settings: XeroSettings): Doc => ({
  kind: 'invoice',
  id: inv.id,
  label: inv.number,
  contactKind: 'client',
  contactId: inv.client_id,
  contactName: inv.client_name,
  build: (contact) => toXeroInvoice(inv, contact, settings),
});

const billDoc = (bill: PushBill, settings: XeroSettings): Doc => ({
  kind: 'bill',
  id: bill.id,
  label: `${bill.supplier_name} ${bill.number}`,
  contactKind: 'supplier',
  contactId: bill.supplier_id,
  contactName: bill.supplier_name,
  build: (contact) => toXeroBill(bill, contact, settings),
});

type XeroInvoiceAnswer = Record<string, unknown> & {
  InvoiceID?: string;
  InvoiceNumber?: string;
  Type?: string;
  Status?: string;
  Contact?: { ContactID?: string };
  UpdatedDateUTC?: string;
};

/**
 * Invoices Xero already holds under these numbers for these contacts: a create retried after a
 * crash (Xero saved it, we never recorded its id) updates that one instead of making another.
 */
async function findExisting(
  client: XeroClient,
  elements: XeroInvoiceElement[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!elements.length) return found;
  const contactOf = (e: XeroInvoiceElement) => (e.Contact as { ContactID: string }).ContactID;
  const res = await client.request<{ Invoices?: XeroInvoiceAnswer[] }>({
    method: 'GET',
    path: INVOICES,
    query: {
      InvoiceNumbers: [...new Set(elements.map((e) => e.InvoiceNumber))].join(','),
      ContactIDs: [...new Set(elements.map(contactOf))].join(','),
      Statuses: 'DRAFT,SUBMITTED,AUTHORISED,PAID',
    },
  });
  for (const inv of res.body.Invoices ?? []) {
    if (inv.InvoiceID && inv.InvoiceNumber && inv.Contact?.ContactID)
      found.set(`${inv.Type}|${inv.InvoiceNumber}|${inv.Contact.ContactID}`.toLowerCase(), inv.InvoiceID);
  }
  return found;
}

/** Pushes one batch of invoices or bills: contacts first, unchanged ones skipped, the rest in one call. */
async function pushBatch(ctx: XeroSyncContext, tenantId: string, docs: Doc[]): Promise<void> {
  const { db, client } = ctx.deps;
  const kind = docs[0]?.kind ?? 'invoice';
  const contactKind = docs[0]?.contactKind ?? 'client';
  const contacts = await xeroRecordsRepository.findMany(
    db,
    tenantId,
    contactKind,
    docs.map((d) => d.contactId),
  );
  const links = await xeroRecordsRepository.findMany(
    db,
    tenantId,
    kind,
    docs.map((d) => d.id),
  );
  const toSend: Array<{ doc: Doc; element: XeroInvoiceElement; fp: string; created: boolean }> = [];
  for (const doc of docs) {
    const contact = contacts.get(doc.contactId)?.xero_id;
    if (!contact) {
      await failRecord(ctx, tenantId, doc, `Sync contacts first: ${doc.contactName} is not in Xero yet.`);
      continue;
    }
    const element = doc.build(contact);
    const fp = xeroFingerprint(element);
    const link = links.get(doc.id);
    if (link?.status === 'pushed' && link.xero_id && link.fingerprint === fp) {
      await ctx.progress({ done: 1 });
      continue;
    }
    if (link?.xero_id) element.InvoiceID = link.xero_id;
    toSend.push({ doc, element, fp, created: !link?.xero_id });
  }
  if (!toSend.length) return;

  const existing = await findExisting(
    client,
    toSend.filter((s) => s.created).map((s) => s.element),
  );
  for (const s of toSend) {
    if (!s.created) continue;
    const key = `${s.element.Type}|${s.element.InvoiceNumber}|${(s.element.Contact as { ContactID: string }).ContactID}`;
    const id = existing.get(key.toLowerCase());
    if (id) s.element.InvoiceID = id;
  }

  const answers = await batchAnswers(toSend.length, async () => {
    const res = await client.request<{ Invoices?: XeroInvoiceAnswer[] }>({
      method: 'POST',
      path: INVOICES,
      query: { summarizeErrors: 'false' },
      body: xeroJson({ Invoices: toSend.map((s) => s.element) }),
    });
    return res.body.Invoices;
  });
  for (const [i, s] of toSend.entries()) {
    const answer = answers[i];
    const errors = elementErrors(answer);
    if (errors.length || !answer?.InvoiceID) {
      await failRecord(ctx, tenantId, s.doc, errors.join('; ') || 'Xero did not return the invoice.');
      continue;
    }
    await xeroRecordsRepository.markPushed(db, {
      tenantId,
      kind: s.doc.kind,
      recordId: s.doc.id,
      xeroId: answer.InvoiceID,
      fingerprint: s.fp,
      xeroUpdatedAt: parseXeroDate(answer.UpdatedDateUTC),
      at: ctx.now(),
    });
    await ctx.progress(s.created ? { done: 1, created: 1 } : { done: 1, updated: 1 });
  }
}

/**
 * Pushes issued client invoices (ACCREC), supplier bills (ACCPAY) and the payments matched to
 * them (decision 0015), then credit notes (ACCRECCREDIT) with the credit they applied.
 * Payments of undone matches are deleted there. Every record's outcome is kept in
 * `xero_records` and counted in the run. No transaction is held across a call to Xero.
 */
export const runInvoicesPush: XeroSyncStep = async (ctx) => {
  const { db } = ctx.deps;
  const tenantId = (await xeroSyncRepository.connectedTenant(db))?.tenantId;
  if (!tenantId) throw new XeroNotConnectedError();
  const settings = await getXeroSettings(db);
  const invoices = await xeroPushRepository.invoices(db);
  const bills = await xeroPushRepository.bills(db);
  const payments = await xeroPushRepository.payments(db);
  const creditNotes = await xeroPushRepository.creditNotes(db);
  const orphans = await xeroPushRepository.orphanPayments(db, tenantId);
  await ctx.progress({
    total: invoices.length + bills.length + payments.length + orphans.length + creditNotes.length,
  });

  for (const batch of chunks(invoices.map((i) => invoiceDoc(i, settings)))) {
    await ctx.checkpoint();
    await pushBatch(ctx, tenantId, batch);
  }
  for (const batch of chunks(bills.map((b) => billDoc(b, settings)))) {
    await ctx.checkpoint();
    await pushBatch(ctx, tenantId, batch);
  }
  await pushPayments(ctx, tenantId, settings, payments, orphans);
  await pushCreditNotes(ctx, tenantId, settings, creditNotes);
};
