import {
  DEFAULT_PAYMENT_TERMS_DAYS,
  findRate,
  type IssueInvoiceBody,
  MESSAGES,
  maxDateMessage,
  minDateMessage,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.service.ts';
import { checkIssueLines, printOrder } from './invoice-issue.rules.ts';
import { nextInvoiceNumber } from './invoice-numbering.ts';
import { addDays, INVOICE_ENTITY, type InvoicesServiceDeps, todayOf } from './invoices.deps.ts';
import {
  LINE_INVOICED_MEANWHILE,
  NO_INCOME_ACCOUNT,
  NO_RATE_SET,
  REQUEST_CANCELED,
} from './invoices.errors.ts';
import { billToOf, describeLine, invoiceSnapshot, sellerOf } from './invoices.mappers.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { assertPeriodOpen, periodLockError } from './period-locks.guard.ts';
import { registerRepository } from './register.repository.ts';
import { salesLedgerRepository } from './sales-ledger.repository.ts';

/** The sell rate currency → base of the set, to 6 places as stored; null when the set cannot convert. */
function stampRate(
  set: Awaited<ReturnType<InvoicesServiceDeps['rates']['onDate']>>,
  from: string,
  base: string,
) {
  const found = set ? findRate(set.rates, from, base, 'sell') : null;
  return set && found
    ? { rate_set_id: set.id, rate: new Decimal(found.rate).toDecimalPlaces(6).toFixed(6) }
    : null;
}

/** The line a raced insert collided on (`Key (line_id)=(42) already exists`), to name it. */
const collidedLine = (err: unknown): number | null => {
  const e = err as { detail?: string; cause?: { detail?: string } };
  const m = /\(line_id\)=\((\d+)\)/.exec(e?.detail ?? e?.cause?.detail ?? '');
  return m ? Number(m[1]) : null;
};

/** `POST client-invoices/` (decision 0010, "Issuing"): one transaction, every check before the number. */
export function createIssueInvoice({ db, rates, invoicing, clock = () => new Date() }: InvoicesServiceDeps) {
  async function issueIn(
    tx: Executor,
    ctx: Ctx | null,
    body: IssueInvoiceBody,
    issueDate: string,
    set: Awaited<ReturnType<typeof rates.onDate>>,
    lines: Awaited<ReturnType<typeof invoicing.prepare>>,
  ): Promise<number> {
    const request = await repo.request(tx, body.request);
    if (!request) throw AppError.fields({ request: [MESSAGES.invalidValue] });
    if (request.canceled_at) throw REQUEST_CANCELED(request.number);
    await assertPeriodOpen(tx, request.company_id, issueDate);
    const rows = await lines.lock(tx, body.lines);
    const live = await repo.liveInvoicesOfLines(tx, body.lines);
    const { currency, total } = checkIssueLines(request, body.lines, rows, live, body.currency);
    const company = (await repo.company(tx, request.company_id))!;
    const bank = await repo.incomeBank(tx, company.id, currency);
    if (!bank) throw NO_INCOME_ACCOUNT(company.code, currency);
    const stamp = stampRate(set, currency, company.base_currency);
    if (!stamp) throw NO_RATE_SET(issueDate, currency, company.base_currency);
    const client = (await repo.client(tx, request.client_id))!;
    const dueDate =
      body.due_date ?? addDays(issueDate, client.payment_terms_days ?? DEFAULT_PAYMENT_TERMS_DAYS);
    const year = Number(issueDate.slice(0, 4));
    // the lines move (and their requests' summaries are rewritten) before the number is taken:
    // the counter's row lock, held until commit, then covers only the inserts below
    const ordered = printOrder(rows);
    const touched = [...new Set(ordered.map((r) => r.request.id))];
    await lines.move(
      tx,
      ctx,
      ordered.map((r) => ({ line: r.line, to: 'Invoiced' as const })),
      new Map(touched.map((id) => [id, true])),
    );
    const { seq, number } = await nextInvoiceNumber(tx, company, 'invoice', year);
    const invoice = await repo.insert(tx, {
      kind: 'invoice',
      number,
      company_id: company.id,
      year,
      seq,
      client_id: client.id,
      request_id: request.id,
      currency,
      issue_date: issueDate,
      due_date: dueDate,
      total,
      base_currency: company.base_currency,
      rate_set_id: stamp.rate_set_id,
      rate: stamp.rate,
      total_base: new Decimal(total).times(stamp.rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      bill_to: billToOf(client),
      seller: sellerOf(company, bank),
      internal_note: body.internal_note?.trim() || null,
      created_by: ctx?.user.id ?? null,
    });
    const inserted = await repo.insertLines(
      tx,
      ordered.map(({ line }, i) => ({
        invoice_id: invoice.id,
        position: i + 1,
        line_id: line.id,
        request_id: line.request_id,
        account_type: line.account_type,
        description: describeLine(line),
        service_date_from: line.date_from,
        service_date_to: line.date_to ?? line.date_from,
        amount: new Decimal(line.sell).toFixed(2),
      })),
    );
    await registerRepository.syncInvoice(tx, invoice.id);
    await salesLedgerRepository.syncInvoice(tx, invoice.id);
    await recordChange(tx, ctx, INVOICE_ENTITY, invoice.id, null, invoiceSnapshot(invoice, inserted));
    return invoice.id;
  }

  return async function issue(ctx: Ctx | null, body: IssueInvoiceBody): Promise<number> {
    const today = todayOf(clock());
    const issueDate = body.issue_date ?? today;
    if (issueDate > today) throw AppError.fields({ issue_date: [maxDateMessage(today)] });
    if (body.due_date && body.due_date < issueDate)
      throw AppError.fields({ due_date: [minDateMessage(issueDate)] });
    // read before the transaction opens: PGlite has one connection
    const set = await rates.onDate(issueDate);
    const lines = await invoicing.prepare();
    try {
      return await db.transaction((tx) => issueIn(tx, ctx, body, issueDate, set, lines));
    } catch (err) {
      const locked = periodLockError(err);
      if (locked) throw locked;
      // the line locks make this a last guard: a line invoiced by a writer that did not lock it
      if (isUniqueViolation(err, 'client_invoice_lines_live_key')) {
        const lineId = collidedLine(err);
        const taken = lineId !== null ? await repo.liveInvoicesOfLines(db, [lineId]) : new Map();
        throw LINE_INVOICED_MEANWHILE(lineId, lineId !== null ? (taken.get(lineId) ?? null) : null);
      }
      throw err;
    }
  };
}
