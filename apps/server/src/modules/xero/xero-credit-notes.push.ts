import type { XeroSettings } from '@app/shared';
import { Decimal } from 'decimal.js';
import { parseXeroDate, XeroDecimal, xeroFingerprint, xeroJson } from './xero-api.ts';
import { type PushCreditNote, toXeroCreditNote } from './xero-invoice.mapping.ts';
import { batchAnswers, chunks, elementErrors, failRecord } from './xero-push.shared.ts';
import { xeroRecordsRepository } from './xero-records.repository.ts';
import type { XeroSyncContext } from './xero-sync.context.ts';

const CREDIT_NOTES = '/api.xro/2.0/CreditNotes';

type XeroCreditNote = {
  CreditNoteID?: string;
  CreditNoteNumber?: string;
  UpdatedDateUTC?: string;
  Allocations?: Array<{ Invoice?: { InvoiceID?: string }; Amount?: number | string }>;
};

interface Work {
  note: PushCreditNote;
  element: ReturnType<typeof toXeroCreditNote>;
  fp: string;
  xeroId: string | null;
  /** Xero's allocations of the note, when known (a note just created has none). */
  allocations: XeroCreditNote['Allocations'] | null;
  created: boolean;
}

/** Credit notes Xero holds under these numbers (a create retried after a crash). */
async function findByNumber(ctx: XeroSyncContext, numbers: string[]): Promise<Map<string, XeroCreditNote>> {
  const found = new Map<string, XeroCreditNote>();
  if (!numbers.length) return found;
  const where = numbers.map((n) => `CreditNoteNumber=="${n.replace(/"/g, '')}"`).join(' OR ');
  const res = await ctx.deps.client.request<{ CreditNotes?: XeroCreditNote[] }>({
    method: 'GET',
    path: CREDIT_NOTES,
    query: { where },
  });
  for (const c of res.body.CreditNotes ?? []) if (c.CreditNoteNumber) found.set(c.CreditNoteNumber, c);
  return found;
}

/** Applies in Xero what this product applied of the note and Xero does not hold yet; null when all went, else why not. */
async function allocate(
  ctx: XeroSyncContext,
  w: Work,
  invoiceIds: Map<number, string>,
): Promise<string | null> {
  let allocations = w.allocations;
  if (!allocations) {
    const res = await ctx.deps.client.request<{ CreditNotes?: XeroCreditNote[] }>({
      method: 'GET',
      path: `${CREDIT_NOTES}/${w.xeroId}`,
    });
    allocations = res.body.CreditNotes?.[0]?.Allocations ?? [];
  }
  const inXero = new Map<string, Decimal>();
  for (const a of allocations) {
    const id = a.Invoice?.InvoiceID;
    // Xero answers amounts as JSON numbers; two decimals are exact enough to compare against
    if (id) inXero.set(id, (inXero.get(id) ?? new Decimal(0)).plus(String(a.Amount ?? 0)));
  }
  const wanted = new Map<string, { amount: Decimal; date: string }>();
  for (const a of w.note.applications) {
    const id = invoiceIds.get(a.invoice_id) as string;
    const prev = wanted.get(id);
    wanted.set(id, { amount: (prev?.amount ?? new Decimal(0)).plus(a.amount), date: a.date });
  }
  const missing = [...wanted.entries()]
    .map(([id, want]) => ({ id, date: want.date, amount: want.amount.minus(inXero.get(id) ?? 0) }))
    .filter((m) => m.amount.gt(0));
  if (!missing.length) return null;
  const answers = await batchAnswers(missing.length, async () => {
    const res = await ctx.deps.client.request<{ Allocations?: Array<Record<string, unknown>> }>({
      method: 'PUT',
      path: `${CREDIT_NOTES}/${w.xeroId}/Allocations`,
      query: { summarizeErrors: 'false' },
      body: xeroJson({
        Allocations: missing.map((m) => ({
          Invoice: { InvoiceID: m.id },
          Amount: new XeroDecimal(m.amount.toFixed(2)),
          Date: m.date,
        })),
      }),
    });
    return res.body.Allocations;
  });
  const errors = [...new Set(answers.flatMap((a) => elementErrors(a)))];
  return errors.length ? errors.join('; ') : null;
}

/**
 * Credit notes go to Xero as ACCRECCREDIT once (issued documents never change), and the credit
 * they applied to invoices as their allocations there. Runs after the invoices are in Xero.
 */
export async function pushCreditNotes(
  ctx: XeroSyncContext,
  tenantId: string,
  settings: XeroSettings,
  notes: PushCreditNote[],
): Promise<void> {
  const { db, client } = ctx.deps;
  for (const batch of chunks(notes)) {
    await ctx.checkpoint();
    const contacts = await xeroRecordsRepository.findMany(
      db,
      tenantId,
      'client',
      batch.map((n) => n.client_id),
    );
    const links = await xeroRecordsRepository.findMany(
      db,
      tenantId,
      'invoice',
      batch.map((n) => n.id),
    );
    const invoiceLinks = await xeroRecordsRepository.findMany(
      db,
      tenantId,
      'invoice',
      batch.flatMap((n) => n.applications.map((a) => a.invoice_id)),
    );
    const invoiceIds = new Map(
      [...invoiceLinks.values()].flatMap((l) =>
        l.status === 'pushed' && l.xero_id ? [[l.record_id, l.xero_id] as const] : [],
      ),
    );
    const work: Work[] = [];
    for (const note of batch) {
      const contact = contacts.get(note.client_id)?.xero_id;
      if (!contact) {
        await failRecord(
          ctx,
          tenantId,
          { kind: 'invoice', id: note.id, label: note.number },
          `Sync contacts first: ${note.client_name} is not in Xero yet.`,
        );
        continue;
      }
      const element = toXeroCreditNote(note, contact, settings);
      const fp = xeroFingerprint({ element, applications: note.applications });
      const link = links.get(note.id);
      if (link?.status === 'pushed' && link.xero_id && link.fingerprint === fp) {
        await ctx.progress({ done: 1 });
        continue;
      }
      const away = note.applications.find((a) => !invoiceIds.has(a.invoice_id));
      if (away) {
        await failRecord(
          ctx,
          tenantId,
          { kind: 'invoice', id: note.id, label: note.number },
          `${away.invoice_number} is not in Xero yet, so the credit cannot be applied there.`,
        );
        continue;
      }
      work.push({
        note,
        element,
        fp,
        xeroId: link?.xero_id ?? null,
        allocations: null,
        created: !link?.xero_id,
      });
    }

    const found = await findByNumber(
      ctx,
      work.filter((w) => !w.xeroId).map((w) => w.note.number),
    );
    for (const w of work) {
      const there = w.xeroId ? null : found.get(w.note.number);
      if (there?.CreditNoteID) {
        w.xeroId = there.CreditNoteID;
        w.allocations = there.Allocations ?? [];
      }
    }
    const toCreate = work.filter((w) => !w.xeroId);
    if (toCreate.length) {
      const answers = await batchAnswers(toCreate.length, async () => {
        const res = await client.request<{ CreditNotes?: Array<XeroCreditNote & Record<string, unknown>> }>({
          method: 'PUT',
          path: CREDIT_NOTES,
          query: { summarizeErrors: 'false' },
          body: xeroJson({ CreditNotes: toCreate.map((w) => w.element) }),
        });
        return res.body.CreditNotes;
      });
      for (const [i, w] of toCreate.entries()) {
        const answer = answers[i];
        const errors = elementErrors(answer);
        if (errors.length || !answer?.CreditNoteID) {
          await failRecord(
            ctx,
            tenantId,
            { kind: 'invoice', id: w.note.id, label: w.note.number },
            errors.join('; ') || 'Xero did not return the credit note.',
          );
          continue;
        }
        w.xeroId = answer.CreditNoteID;
        w.allocations = [];
        // the id is kept at once, so a failed allocation below does not lose the note
        await xeroRecordsRepository.markPushed(db, {
          tenantId,
          kind: 'invoice',
          recordId: w.note.id,
          xeroId: w.xeroId,
          fingerprint: null,
          xeroUpdatedAt: parseXeroDate(answer.UpdatedDateUTC),
          at: ctx.now(),
        });
      }
    }

    for (const w of work) {
      if (!w.xeroId) continue;
      const refused = await allocate(ctx, w, invoiceIds);
      if (refused) {
        await failRecord(ctx, tenantId, { kind: 'invoice', id: w.note.id, label: w.note.number }, refused);
        continue;
      }
      await xeroRecordsRepository.markPushed(db, {
        tenantId,
        kind: 'invoice',
        recordId: w.note.id,
        xeroId: w.xeroId,
        fingerprint: w.fp,
        xeroUpdatedAt: null,
        at: ctx.now(),
      });
      await ctx.progress(w.created ? { done: 1, created: 1 } : { done: 1, updated: 1 });
    }
  }
}
