import type { InvoiceSent, SendInvoiceBody } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { recordChange } from '../audit/audit.service.ts';
import { formatDay } from '../requests/offers.format.ts';
import { groupThousands, type InvoiceDocument, invoiceFilename, renderInvoicePdf } from './invoice.pdf.ts';
import { toInvoiceDocument } from './invoice-documents.mappers.ts';
import { invoiceDocumentsRepository as repo } from './invoice-documents.repository.ts';
import { registerRepository } from './register.repository.ts';

/** The audit entity the invoices service registers (`GET audit/?entity=client_invoice`). */
const INVOICE_ENTITY = 'client_invoice';

const NOT_FOUND = () => AppError.notFound('Invoice');
const WITHOUT_EMAIL = (doc: InvoiceDocument) =>
  new AppError(
    'CLIENT_WITHOUT_EMAIL',
    `${doc.bill_to.name || 'The client'} has no email address: enter the address to send ${doc.number} to.`,
    { rule: true },
  );

const titleOf = (doc: InvoiceDocument) => (doc.kind === 'credit_note' ? 'credit note' : 'invoice');

/** The letter when the sender writes none: who it is for, what, how much, and by when. */
export function defaultLetter(doc: InvoiceDocument): string {
  const amount = `${doc.currency} ${groupThousands(doc.total.replace(/^-/, ''))}`;
  const what =
    doc.kind === 'credit_note'
      ? `credit note ${doc.number} for ${amount}, crediting invoice ${doc.credits_number ?? ''}`.trimEnd()
      : `invoice ${doc.number} for ${amount}, due on ${formatDay(doc.due_date)}`;
  const greeting = doc.bill_to.name ? `Dear ${doc.bill_to.name},` : 'Dear client,';
  return `${greeting}\n\nPlease find attached ${what}.\n\nKind regards,\n${doc.seller.name}\n`;
}

/**
 * An invoice's PDF, made afresh from the immutable rows on each call, and its sending by email
 * with the PDF attached (decision 0010, "PDF" and "Sending").
 */
export function createInvoiceDocumentsService({
  db,
  mailer,
  clock = () => new Date(),
}: {
  db: Db;
  mailer: Mailer;
  clock?: () => Date;
}) {
  async function load(id: number) {
    const rows = await repo.find(db, id);
    if (!rows) throw NOT_FOUND();
    return { rows, doc: toInvoiceDocument(rows) };
  }

  return {
    async pdf(id: number): Promise<{ filename: string; pdf: Buffer }> {
      const { doc } = await load(id);
      return { filename: invoiceFilename(doc.number), pdf: await renderInvoicePdf(doc) };
    },

    /**
     * Mails the PDF, then records the sending. The mail goes first, outside the transaction, so
     * no row lock waits on an SMTP server and a failed sending writes nothing; should the record
     * then fail, the document stays Not sent and is simply sent again.
     */
    async send(ctx: Ctx, id: number, body: SendInvoiceBody): Promise<InvoiceSent> {
      const { rows, doc } = await load(id);
      const to = body.to || doc.bill_to.email || rows.header.client_email;
      if (!to) throw WITHOUT_EMAIL(doc);
      const cc = body.cc || undefined;
      const pdf = await renderInvoicePdf(doc);
      const title = titleOf(doc);
      await mailer.send({
        to,
        ...(cc && { cc }),
        subject: `${title[0]!.toUpperCase()}${title.slice(1)} ${doc.number} from ${doc.seller.name}`,
        text: body.message?.trim() ? body.message : defaultLetter(doc),
        attachments: [
          { filename: invoiceFilename(doc.number), content: pdf, contentType: 'application/pdf' },
        ],
      });

      return db.transaction(async (tx) => {
        const before = await repo.lockForSending(tx, id);
        if (!before) throw NOT_FOUND();
        const sent = await repo.markSent(tx, id, to, clock());
        await registerRepository.syncInvoice(tx, id);
        await recordChange(
          tx,
          ctx,
          INVOICE_ENTITY,
          id,
          { sent_at: before.sent_at, sent_to: before.sent_to },
          { sent_at: sent.sent_at, sent_to: sent.sent_to, ...(cc && { cc }) },
          'send',
        );
        return { id, sent_at: sent.sent_at!.toISOString(), sent_to: sent.sent_to!, version: sent.version };
      });
    },
  };
}

export type InvoiceDocumentsService = ReturnType<typeof createInvoiceDocumentsService>;
