import type { XeroSettings } from '@app/shared';
import { parseXeroDate, XeroApiError, xeroFingerprint, xeroJson } from './xero-api.ts';
import { type PushPayment, paymentReference, toXeroPayment } from './xero-invoice.mapping.ts';
import { xeroPushRepository } from './xero-push.repository.ts';
import { batchAnswers, chunks, elementErrors, failRecord } from './xero-push.shared.ts';
import { xeroRecordsRepository } from './xero-records.repository.ts';
import type { XeroSyncContext } from './xero-sync.context.ts';

const PAYMENTS = '/api.xro/2.0/Payments';

type InvoiceWithPayments = {
  InvoiceID?: string;
  Payments?: Array<{ PaymentID?: string; Reference?: string }>;
};

const label = (p: PushPayment) => `Payment of ${p.document_number}`;

/** An unmatched allocation's payment is deleted in Xero (Xero's way: `Status: DELETED`); its link goes. */
async function deleteOrphans(
  ctx: XeroSyncContext,
  tenantId: string,
  orphans: Array<{ record_id: number; xero_id: string | null }>,
): Promise<void> {
  const { db, client } = ctx.deps;
  for (const orphan of orphans) {
    await ctx.checkpoint();
    if (orphan.xero_id) {
      try {
        await client.request({
          method: 'POST',
          path: `${PAYMENTS}/${orphan.xero_id}`,
          body: { Status: 'DELETED' },
        });
      } catch (err) {
        // already gone in Xero (deleted there, or by an earlier run that stopped before dropping the link)
        const gone =
          err instanceof XeroApiError && (err.status === 404 || /already been deleted/i.test(err.message));
        if (!gone) {
          if (!(err instanceof XeroApiError) || err.status !== 400) throw err;
          await failRecord(
            ctx,
            tenantId,
            { kind: 'payment', id: orphan.record_id, label: `Unmatched payment (match ${orphan.record_id})` },
            err.message,
          );
          continue;
        }
      }
    }
    await xeroPushRepository.dropLink(db, tenantId, 'payment', orphan.record_id);
    await ctx.progress({ done: 1, updated: 1 });
  }
}

/** Payments Xero already holds for these invoices, by our Reference (a create retried after a crash). */
async function findExisting(ctx: XeroSyncContext, invoiceIds: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!invoiceIds.length) return found;
  const res = await ctx.deps.client.request<{ Invoices?: InvoiceWithPayments[] }>({
    method: 'GET',
    path: '/api.xro/2.0/Invoices',
    query: { IDs: [...new Set(invoiceIds)].join(',') },
  });
  for (const inv of res.body.Invoices ?? [])
    for (const p of inv.Payments ?? [])
      if (p.PaymentID && p.Reference) found.set(`${inv.InvoiceID}|${p.Reference}`, p.PaymentID);
  return found;
}

/**
 * Every allocation against a pushed invoice or bill becomes a Xero Payment once (allocations are
 * never changed: an unmatch deletes the row, and its payment is deleted in Xero first).
 */
export async function pushPayments(
  ctx: XeroSyncContext,
  tenantId: string,
  settings: XeroSettings,
  payments: PushPayment[],
  orphans: Array<{ record_id: number; xero_id: string | null }>,
): Promise<void> {
  const { db, client } = ctx.deps;
  await deleteOrphans(ctx, tenantId, orphans);

  for (const batch of chunks(payments)) {
    await ctx.checkpoint();
    const links = await xeroRecordsRepository.findMany(
      db,
      tenantId,
      'payment',
      batch.map((p) => p.id),
    );
    const invoiceLinks = await xeroRecordsRepository.findMany(
      db,
      tenantId,
      'invoice',
      batch.flatMap((p) => (p.invoice_id ? [p.invoice_id] : [])),
    );
    const billLinks = await xeroRecordsRepository.findMany(
      db,
      tenantId,
      'bill',
      batch.flatMap((p) => (p.bill_id ? [p.bill_id] : [])),
    );
    const toSend: Array<{ p: PushPayment; invoiceId: string; element: ReturnType<typeof toXeroPayment> }> =
      [];
    for (const p of batch) {
      const link = links.get(p.id);
      if (link?.status === 'pushed' && link.xero_id) {
        await ctx.progress({ done: 1 });
        continue;
      }
      const doc = p.invoice_id ? invoiceLinks.get(p.invoice_id) : billLinks.get(p.bill_id as number);
      if (doc?.status !== 'pushed' || !doc.xero_id) {
        await failRecord(
          ctx,
          tenantId,
          { kind: 'payment', id: p.id, label: label(p) },
          `${p.document_number} is not in Xero yet, so its payment cannot be recorded there.`,
        );
        continue;
      }
      toSend.push({ p, invoiceId: doc.xero_id, element: toXeroPayment(p, doc.xero_id, settings) });
    }
    if (!toSend.length) continue;

    const existing = await findExisting(
      ctx,
      toSend.map((s) => s.invoiceId),
    );
    const fresh: typeof toSend = [];
    for (const s of toSend) {
      const already = existing.get(`${s.invoiceId}|${paymentReference(s.p)}`);
      if (!already) {
        fresh.push(s);
        continue;
      }
      await xeroRecordsRepository.markPushed(db, {
        tenantId,
        kind: 'payment',
        recordId: s.p.id,
        xeroId: already,
        fingerprint: xeroFingerprint(s.element),
        xeroUpdatedAt: null,
        at: ctx.now(),
      });
      await ctx.progress({ done: 1, created: 1 });
    }
    if (!fresh.length) continue;

    const answers = await batchAnswers(fresh.length, async () => {
      const res = await client.request<{ Payments?: Array<Record<string, unknown>> }>({
        method: 'PUT',
        path: PAYMENTS,
        query: { summarizeErrors: 'false' },
        body: xeroJson({ Payments: fresh.map((s) => s.element) }),
      });
      return res.body.Payments;
    });
    for (const [i, s] of fresh.entries()) {
      const answer = answers[i];
      const errors = elementErrors(answer);
      const paymentId = typeof answer?.PaymentID === 'string' ? answer.PaymentID : null;
      if (errors.length || !paymentId) {
        await failRecord(
          ctx,
          tenantId,
          { kind: 'payment', id: s.p.id, label: label(s.p) },
          errors.join('; ') || 'Xero did not return the payment.',
        );
        continue;
      }
      await xeroRecordsRepository.markPushed(db, {
        tenantId,
        kind: 'payment',
        recordId: s.p.id,
        xeroId: paymentId,
        fingerprint: xeroFingerprint(s.element),
        xeroUpdatedAt: parseXeroDate(answer?.UpdatedDateUTC),
        at: ctx.now(),
      });
      await ctx.progress({ done: 1, created: 1 });
    }
  }
}
