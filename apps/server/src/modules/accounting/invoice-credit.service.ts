import type { CreditNoteBody } from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.service.ts';
import type { InvoicingMove, LineInvoicing } from '../requests/requests.invoicing.ts';
import { nextInvoiceNumber } from './invoice-numbering.ts';
import { INVOICE_ENTITY, type InvoicesServiceDeps, todayOf } from './invoices.deps.ts';
import {
  CREDITED_MEANWHILE,
  INVOICE_IS_CREDIT_NOTE,
  INVOICE_NOT_FOUND,
  LINE_ALREADY_CREDITED,
  LINE_NOT_ON_INVOICE,
  NOTHING_TO_CREDIT,
} from './invoices.errors.ts';
import { invoiceSnapshot, money } from './invoices.mappers.ts';
import {
  type InvoiceLineWithRefs,
  type InvoiceRow,
  invoicesRepository as repo,
} from './invoices.repository.ts';
import { assertPeriodOpen, periodLockError } from './period-locks.guard.ts';
import { registerRepository } from './register.repository.ts';
import { salesLedgerRepository } from './sales-ledger.repository.ts';
import { syncVouchers } from './vouchers.sync.ts';

/** The invoice lines to reverse: those named (each on the invoice and live), or every live one. */
function chooseLines(invoice: InvoiceRow, all: InvoiceLineWithRefs[], ids: number[] | undefined) {
  if (!ids) {
    const live = all.filter((l) => l.line.credited_at === null);
    if (live.length === 0) throw NOTHING_TO_CREDIT(invoice.number);
    return live;
  }
  const byId = new Map(all.map((l) => [l.line.id, l]));
  return ids.map((id) => {
    const l = byId.get(id);
    if (!l) throw LINE_NOT_ON_INVOICE(id, invoice.number);
    if (l.line.credited_at !== null) throw LINE_ALREADY_CREDITED(l.line.position, invoice.number);
    return l;
  });
}

/**
 * `POST client-invoices/{id}/credit-note/` (decision 0010, "Credit notes"): the reversing document at
 * the original's rate, its lines freed for a new invoice, and the credit applied to what is open.
 */
export function createCreditInvoice({ db, invoicing, clock = () => new Date() }: InvoicesServiceDeps) {
  async function creditIn(
    tx: Executor,
    ctx: Ctx | null,
    id: number,
    body: CreditNoteBody,
    lines: LineInvoicing,
  ): Promise<number> {
    const now = clock();
    const today = todayOf(now);
    const invoice = await repo.findForUpdate(tx, id);
    if (!invoice) throw INVOICE_NOT_FOUND();
    if (invoice.kind === 'credit_note') throw INVOICE_IS_CREDIT_NOTE(invoice.number);
    if (invoice.version !== body.version) throw AppError.stale();
    // the credit note is dated today; the original keeps its date (its settlement may move)
    await assertPeriodOpen(tx, invoice.company_id, today);
    const chosen = chooseLines(invoice, await repo.linesOf(tx, id), body.lines);
    const locked = await lines.lock(
      tx,
      chosen.map((l) => l.line.line_id),
    );
    const company = (await repo.company(tx, invoice.company_id))!;
    const total = chosen.reduce((sum, l) => sum.minus(l.line.amount), new Decimal(0));
    // what the credit settles of the original: its open amount at most (the rest stays on the note)
    const applied = Decimal.min(total.abs(), new Decimal(invoice.total).minus(invoice.settled_amount));
    const year = Number(today.slice(0, 4));
    const { seq, number } = await nextInvoiceNumber(tx, company, 'credit_note', year);
    const note = await repo.insert(tx, {
      kind: 'credit_note',
      number,
      company_id: invoice.company_id,
      year,
      seq,
      client_id: invoice.client_id,
      request_id: invoice.request_id,
      credits_invoice_id: invoice.id,
      reason: body.reason.trim(),
      currency: invoice.currency,
      issue_date: today,
      due_date: today,
      total: money(total),
      base_currency: invoice.base_currency,
      // no FX on a reversal: the original's set and rate
      rate_set_id: invoice.rate_set_id,
      rate: invoice.rate,
      total_base: total.times(invoice.rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      settled_amount: money(applied.negated()),
      bill_to: invoice.bill_to,
      seller: invoice.seller,
      created_by: ctx?.user.id ?? null,
    });
    const inserted = await repo.insertLines(
      tx,
      chosen.map(({ line }, i) => ({
        invoice_id: note.id,
        position: i + 1,
        line_id: line.line_id,
        request_id: line.request_id,
        account_type: line.account_type,
        description: line.description,
        service_date_from: line.service_date_from,
        service_date_to: line.service_date_to,
        amount: money(new Decimal(line.amount).negated()),
        reverses_line_id: line.id,
      })),
    );
    await repo.markCredited(
      tx,
      chosen.map((l) => l.line.id),
      now,
    );
    if (applied.gt(0))
      await repo.insertApplication(tx, {
        credit_note_id: note.id,
        invoice_id: invoice.id,
        amount: money(applied),
        created_by: ctx?.user.id ?? null,
      });
    // one version up even when nothing was open: its lines were credited
    const original = await repo.raiseSettled(tx, invoice.id, money(applied));
    const moves: InvoicingMove[] = locked
      .filter((r) => r.line.status === 'Invoiced' || r.line.status === 'Accounted')
      .map((r) => ({
        line: r.line,
        to: body.cancel_lines || r.request.canceled_at ? 'Canceled' : 'Confirmed',
      }));
    const touched = [...new Set(locked.map((r) => r.request.id))];
    const stillInvoiced = await repo.requestsWithLiveLines(tx, touched);
    await lines.move(tx, ctx, moves, new Map(touched.map((rid) => [rid, stillInvoiced.has(rid)])));
    // a line canceled with its credit note drops its Inactive payment vouchers, as any cancel does
    for (const m of moves) if (m.to === 'Canceled') await syncVouchers(tx, ctx, { line: m.line.id });
    await registerRepository.syncInvoice(tx, invoice.id);
    await registerRepository.syncInvoice(tx, note.id);
    // the note's lines reverse their lines' sale and cost; the original's rows do not change
    await salesLedgerRepository.syncInvoice(tx, note.id);
    await recordChange(tx, ctx, INVOICE_ENTITY, note.id, null, invoiceSnapshot(note, inserted));
    await recordChange(
      tx,
      ctx,
      INVOICE_ENTITY,
      invoice.id,
      { settled_amount: money(invoice.settled_amount), credited_by: null },
      {
        settled_amount: money(original.settled_amount),
        credited_by: `${number}: lines ${chosen.map((l) => l.line.position).join(', ')}`,
      },
      'update',
    );
    return note.id;
  }

  return async function credit(ctx: Ctx | null, id: number, body: CreditNoteBody): Promise<number> {
    const lines = await invoicing.prepare();
    try {
      return await db.transaction((tx) => creditIn(tx, ctx, id, body, lines));
    } catch (err) {
      const locked = periodLockError(err);
      if (locked) throw locked;
      // the invoice's row lock serialises credits; the unique index is the last guard
      if (isUniqueViolation(err, 'client_invoice_lines_reverses_key')) throw CREDITED_MEANWHILE();
      throw err;
    }
  };
}
