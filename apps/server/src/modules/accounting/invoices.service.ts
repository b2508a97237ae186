import type {
  CreditNoteBody,
  DirectoryListResult,
  InvoiceListItem,
  InvoiceListQuery,
  InvoiceRecord,
  IssueInvoiceBody,
  UpdateInvoiceBody,
} from '@app/shared';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.service.ts';
import { createCreditInvoice } from './invoice-credit.service.ts';
import { createIssueInvoice } from './invoice-issue.service.ts';
import { INVOICE_ENTITY, type InvoicesServiceDeps, todayOf } from './invoices.deps.ts';
import { INVOICE_IMMUTABLE, INVOICE_NOT_FOUND } from './invoices.errors.ts';
import { toInvoiceListItem, toInvoiceRecord } from './invoices.mappers.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { invoicesListRepository } from './invoices-list.repository.ts';

export { INVOICE_ENTITY };

/** What `PATCH client-invoices/{id}/` may carry; anything else is a change of an issued document. */
const PATCHABLE = new Set(['internal_note', 'version']);

/** Client invoices and credit notes (decision 0010): list, record, issue, credit, internal note. */
export function createInvoicesService(deps: InvoicesServiceDeps) {
  const { db, clock = () => new Date() } = deps;
  const issue = createIssueInvoice(deps);
  const credit = createCreditInvoice(deps);

  const service = {
    async list(q: InvoiceListQuery): Promise<DirectoryListResult<InvoiceListItem>> {
      const today = todayOf(clock());
      const page = await invoicesListRepository.page(db, q, today);
      const rows = await invoicesListRepository.byRegisterIds(db, page.ids);
      return {
        data: rows.map((r) => toInvoiceListItem(r, today)),
        meta: { total: page.total, total_estimated: page.estimated, limit: q.limit, offset: q.offset },
      };
    },

    /** The header, its lines (with each request line's status now), credit notes and applications. */
    async get(id: number): Promise<InvoiceRecord> {
      const r = await repo.findById(db, id);
      if (!r) throw INVOICE_NOT_FOUND();
      const [lines, creditNotes, applications] = await Promise.all([
        repo.linesOf(db, id),
        repo.creditNotesOf(db, id),
        repo.applicationsOf(db, id),
      ]);
      return toInvoiceRecord(r, { lines, creditNotes, applications }, todayOf(clock()));
    },

    /** `ctx` null: the system (the demo seed). */
    async issue(ctx: Ctx | null, body: IssueInvoiceBody): Promise<InvoiceRecord> {
      return service.get(await issue(ctx, body));
    },

    async credit(ctx: Ctx | null, id: number, body: CreditNoteBody): Promise<InvoiceRecord> {
      return service.get(await credit(ctx, id, body));
    },

    /** Only the internal note changes (never printed); any other field is `invoice_immutable`. */
    async update(
      ctx: Ctx,
      id: number,
      body: UpdateInvoiceBody & Record<string, unknown>,
    ): Promise<InvoiceRecord> {
      const others = Object.keys(body).filter((k) => !PATCHABLE.has(k));
      if (others.length) throw INVOICE_IMMUTABLE(others);
      await db.transaction(async (tx) => {
        const row = await repo.findForUpdate(tx, id);
        if (!row) throw INVOICE_NOT_FOUND();
        if (row.version !== body.version) throw AppError.stale();
        if (body.internal_note === undefined) return;
        const note = body.internal_note?.trim() || null;
        const updated = await repo.updateNote(tx, id, note);
        await recordChange(
          tx,
          ctx,
          INVOICE_ENTITY,
          id,
          { internal_note: row.internal_note },
          { internal_note: updated.internal_note },
        );
      });
      return service.get(id);
    },
  };
  return service;
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
