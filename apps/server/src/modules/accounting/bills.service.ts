import {
  BILLABLE_LINES_MAX,
  type BillableLine,
  type BillableLinesQuery,
  type BillFileType,
  type BillListItem,
  type BillListQuery,
  type BillRecord,
  billDifference,
  type CreateBillFields,
  type DirectoryListResult,
  type RateSet,
  type UpdateBillBody,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.service.ts';
import type { BillFiles, StagedBillFile } from './bill-files.ts';
import * as E from './bills.errors.ts';
import { billSnapshot, toBillableLine, toBillListItem, toBillRecord } from './bills.mappers.ts';
import { type BillingLine, type BillRow, billsRepository as repo } from './bills.repository.ts';
import {
  addDays,
  type BillFileInput,
  blank,
  type CheckedLines,
  checkFile,
  checkLines,
  inBase,
  stampOf,
} from './bills.rules.ts';
import { assertPeriodOpen, periodLockError } from './period-locks.guard.ts';
import { registerRepository } from './register.repository.ts';
import { salesLedgerRepository } from './sales-ledger.repository.ts';

export type { BillFileInput } from './bills.rules.ts';

export const BILL_ENTITY = 'supplier_invoice';

/** The rates the service reads before its transaction (PGlite has one connection). */
export interface BillRates {
  onDate(date: string): Promise<RateSet | null>;
}

export interface BillsServiceDeps {
  db: Db;
  rates: BillRates;
  files: BillFiles;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

export function createBillsService({ db, rates, files, log }: BillsServiceDeps) {
  async function load(ex: Executor, id: number): Promise<BillRecord> {
    const [row] = await repo.withNames(ex, [id]);
    if (!row) throw E.BILL_NOT_FOUND();
    const [requests, lines] = await Promise.all([repo.requestsOf(ex, [id]), repo.linesOf(ex, [id])]);
    return toBillRecord(
      row,
      requests.map((r) => ({ id: r.id, number: r.number })),
      lines,
    );
  }

  /** Lines already on another bill: the first one named, with that bill's number. */
  async function refuseBilled(tx: Tx, lines: BillingLine[], exceptBill: number | null) {
    const taken = await repo.billingsOf(
      tx,
      lines.map((l) => l.id),
      exceptBill,
    );
    if (taken.length === 0) return;
    const first = lines.find((l) => taken.some((t) => t.line_id === l.id))!;
    throw E.LINE_ALREADY_BILLED(first, taken.find((t) => t.line_id === first.id)!.number);
  }

  /**
   * A unique violation means another bill committed the same lines or number between our check
   * and our insert: answered as the check would have, naming what it can.
   */
  async function raceError(
    error: unknown,
    supplier: { id: number; name: string },
    number: string,
    lineIds: number[],
  ) {
    if (isUniqueViolation(error, 'supplier_invoices_number_key'))
      return E.BILL_DUPLICATE(supplier.name, number);
    if (isUniqueViolation(error, 'supplier_invoice_lines_line_key')) {
      const [taken, lines] = await Promise.all([
        repo.billingsOf(db, lineIds, null),
        repo.linesForBilling(db, lineIds, false),
      ]);
      const line = lines.find((l) => taken.some((t) => t.line_id === l.id));
      return line
        ? E.LINE_ALREADY_BILLED(line, taken.find((t) => t.line_id === line.id)!.number)
        : E.LINES_BILLED_MEANWHILE();
    }
    return error;
  }

  /** The file takes its name after the commit; if it cannot, the row it names is undone. */
  async function commitFile(staged: StagedBillFile, undo: () => Promise<void>): Promise<void> {
    try {
      await files.commit(staged);
    } catch (error) {
      log?.error(
        { err: error, file: staged.relPath },
        'bill file could not take its name; undoing the write',
      );
      await files.discard(staged).catch(() => undefined);
      await undo();
      throw error;
    }
  }

  return {
    async list(q: BillListQuery): Promise<DirectoryListResult<BillListItem>> {
      const page = await repo.listPage(db, q);
      const [rows, requests] = await Promise.all([
        repo.withNames(db, page.billIds),
        repo.requestsOf(db, page.billIds),
      ]);
      const byId = new Map(rows.map((r) => [r.bill.id, r]));
      return {
        data: page.billIds
          .map((id) => byId.get(id))
          .filter((r) => r !== undefined)
          .map((r) =>
            toBillListItem(
              r,
              requests.filter((x) => x.bill_id === r.bill.id).map((x) => ({ id: x.id, number: x.number })),
            ),
          ),
        meta: { total: page.total, limit: q.limit, offset: q.offset, total_estimated: page.estimated },
      };
    },

    get: (id: number): Promise<BillRecord> => load(db, id),

    async billableLines(q: BillableLinesQuery): Promise<BillableLine[]> {
      return (await repo.billableLines(db, q, BILLABLE_LINES_MAX)).map(toBillableLine);
    },

    /**
     * Records a bill with its file (`ctx` null: the demo seed). The file is staged first, the
     * bill written in one transaction, then the file takes its name; a failure on the way leaves
     * neither a row nor a file.
     */
    async create(ctx: Ctx | null, fields: CreateBillFields, upload: BillFileInput): Promise<BillRecord> {
      const file = checkFile(upload);
      // Read before the transaction: PGlite has one connection.
      const set = await rates.onDate(fields.issue_date);
      const supplierRow = await repo.findSupplier(db, fields.supplier);
      if (!supplierRow) throw E.SUPPLIER_INVALID();
      const staged = await files.stage(file.data, file.type);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const named = fields.company ? await repo.findCompany(tx, fields.company) : null;
          if (fields.company && !named) throw E.COMPANY_INVALID();
          const lines = await repo.linesForBilling(tx, fields.lines, true);
          const checked = checkLines(fields.lines, lines, {
            supplierId: supplierRow.id,
            supplierName: supplierRow.name,
            currency: fields.currency,
            company: named,
          });
          await refuseBilled(tx, checked.lines, null);
          if (await repo.findByNumber(tx, supplierRow.id, fields.number, null))
            throw E.BILL_DUPLICATE(supplierRow.name, fields.number);
          const diff = billDifference(fields.amount, checked.linesCost);
          if (diff.needsExplanation && blank(fields.difference_explanation))
            throw E.EXPLAIN_DIFFERENCE(diff, fields.currency);
          const dueDate = fields.due_date ?? addDays(fields.issue_date, supplierRow.payment_terms_days ?? 0);
          if (dueDate < fields.issue_date) throw E.DUE_BEFORE_ISSUE(fields.issue_date);
          const company = (await repo.findCompany(tx, checked.companyId))!;
          await assertPeriodOpen(tx, company.id, fields.issue_date);
          const stamp = stampOf(
            set,
            fields.currency,
            company.base_currency,
            fields.amount,
            fields.issue_date,
          );
          const bill = await repo.insert(tx, {
            supplier_id: supplierRow.id,
            company_id: company.id,
            number: fields.number,
            issue_date: fields.issue_date,
            due_date: dueDate,
            currency: fields.currency,
            amount: fields.amount,
            lines_cost: checked.linesCost,
            difference_explanation: blank(fields.difference_explanation)
              ? null
              : fields.difference_explanation!,
            internal_note: blank(fields.internal_note) ? null : fields.internal_note!,
            base_currency: company.base_currency,
            ...stamp,
            file_path: staged.relPath,
            file_name: file.name,
            file_type: file.type,
            file_size: staged.size,
            file_sha256: staged.sha256,
            created_by: ctx?.user.id ?? null,
          });
          await repo.insertLines(
            tx,
            checked.lines.map((l) => ({
              bill_id: bill.id,
              line_id: l.id,
              request_id: l.request_id,
              amount: l.cost,
            })),
          );
          await registerRepository.syncBill(tx, bill.id);
          // the lines' sales now cost what the bill says
          await salesLedgerRepository.syncRequestLines(tx, fields.lines);
          await recordChange(tx, ctx, BILL_ENTITY, bill.id, null, billSnapshot(bill, fields.lines));
          return bill.id;
        });
      } catch (error) {
        await files.discard(staged).catch(() => undefined);
        throw periodLockError(error) ?? (await raceError(error, supplierRow, fields.number, fields.lines));
      }
      await commitFile(staged, () =>
        db.transaction(async (tx) => {
          const bill = await repo.find(tx, id);
          await registerRepository.removeBill(tx, id);
          await repo.delete(tx, id);
          // its lines' sales go back to their estimated cost
          await salesLedgerRepository.syncRequestLines(tx, fields.lines);
          if (bill) await recordChange(tx, ctx, BILL_ENTITY, id, billSnapshot(bill, fields.lines), null);
        }),
      );
      return load(db, id);
    },

    /** `PATCH supplier-invoices/{id}/`: the same rules, while nothing settled the bill. */
    async update(ctx: Ctx, id: number, body: UpdateBillBody): Promise<BillRecord> {
      const current = await repo.find(db, id);
      if (!current) throw E.BILL_NOT_FOUND();
      const issueDate = body.issue_date ?? current.issue_date;
      // Read before the transaction (one connection on PGlite); the version check below makes
      // sure the bill is still the one these were read for.
      const set = await rates.onDate(issueDate);
      const supplierRow = (await repo.findSupplier(db, current.supplier_id))!;
      const number = body.number ?? current.number;
      const lineIds = body.lines ?? null;
      try {
        await db.transaction(async (tx) => {
          const bill = await repo.findForUpdate(tx, id);
          if (!bill) throw E.BILL_NOT_FOUND();
          if (bill.version !== body.version) throw AppError.stale();
          if (new Decimal(bill.settled_amount).greaterThan(0)) throw E.BILL_SETTLED(bill.number);
          const beforeLines = await repo.lineIdsOf(tx, id);
          // The ledger reads the bill's lines, their amounts and its stamp (a new date, or a new
          // company, which only new lines bring); a note, number, due date or total leaves it be.
          // Then the lines it keeps, drops and takes are locked at once in id order, re-costed below.
          const costed =
            lineIds !== null || issueDate !== bill.issue_date
              ? [...new Set([...beforeLines, ...(lineIds ?? [])])]
              : [];
          await salesLedgerRepository.lockRequestLines(tx, costed);
          let companyId = bill.company_id;
          let linesCost = bill.lines_cost;
          let checked: CheckedLines | null = null;
          if (lineIds) {
            const lines = await repo.linesForBilling(tx, lineIds, true);
            checked = checkLines(lineIds, lines, {
              supplierId: bill.supplier_id,
              supplierName: supplierRow.name,
              currency: bill.currency,
              company: null,
            });
            await refuseBilled(tx, checked.lines, id);
            companyId = checked.companyId;
            linesCost = checked.linesCost;
          }
          if (body.number !== undefined && (await repo.findByNumber(tx, bill.supplier_id, number, id)))
            throw E.BILL_DUPLICATE(supplierRow.name, number);
          const amount = body.amount ?? bill.amount;
          const explanation =
            body.difference_explanation === undefined
              ? bill.difference_explanation
              : body.difference_explanation;
          const diff = billDifference(amount, linesCost);
          if (diff.needsExplanation && blank(explanation)) throw E.EXPLAIN_DIFFERENCE(diff, bill.currency);
          const dueDate =
            body.due_date === undefined
              ? bill.due_date
              : (body.due_date ?? addDays(issueDate, supplierRow.payment_terms_days ?? 0));
          if (dueDate < issueDate) throw E.DUE_BEFORE_ISSUE(issueDate);
          const company = (await repo.findCompany(tx, companyId))!;
          // A new date or company is a new stamp; a new amount only a new amount in base.
          const restamp = issueDate !== bill.issue_date || companyId !== bill.company_id;
          const stamp = restamp
            ? stampOf(set, bill.currency, company.base_currency, amount, issueDate)
            : {
                rate_set_id: bill.rate_set_id,
                rate: bill.rate,
                amount_base: inBase(amount, bill.rate),
              };
          const note = body.internal_note === undefined ? bill.internal_note : body.internal_note;
          // a closed month freezes the bill's content, not its internal note (period-locks.guards.sql)
          const contentChanged =
            number !== bill.number ||
            issueDate !== bill.issue_date ||
            dueDate !== bill.due_date ||
            !new Decimal(amount).eq(bill.amount) ||
            !new Decimal(linesCost).eq(bill.lines_cost) ||
            (blank(explanation) ? null : explanation) !== bill.difference_explanation ||
            company.id !== bill.company_id ||
            (lineIds !== null && [...lineIds].sort().join() !== [...beforeLines].sort().join());
          if (contentChanged) {
            await assertPeriodOpen(tx, bill.company_id, bill.issue_date);
            await assertPeriodOpen(tx, company.id, issueDate);
          }
          const updated = await repo.update(tx, id, {
            number,
            issue_date: issueDate,
            due_date: dueDate,
            amount,
            lines_cost: linesCost,
            difference_explanation: blank(explanation) ? null : explanation,
            internal_note: blank(note) ? null : note,
            company_id: company.id,
            base_currency: company.base_currency,
            ...stamp,
          });
          if (checked) {
            await repo.deleteLines(tx, id);
            await repo.insertLines(
              tx,
              checked.lines.map((l) => ({
                bill_id: id,
                line_id: l.id,
                request_id: l.request_id,
                amount: l.cost,
              })),
            );
          }
          await registerRepository.syncBill(tx, id);
          // a new stamp or new lines: lines dropped go back to their estimate (nothing when `costed` is empty)
          await salesLedgerRepository.syncRequestLines(tx, costed);
          await recordChange(
            tx,
            ctx,
            BILL_ENTITY,
            id,
            billSnapshot(bill, beforeLines),
            billSnapshot(updated, lineIds ?? beforeLines),
          );
        });
      } catch (error) {
        throw periodLockError(error) ?? (await raceError(error, supplierRow, number, lineIds ?? []));
      }
      return load(db, id);
    },

    /** `POST supplier-invoices/{id}/file/`: a new file; the old one goes once the change committed. */
    async replaceFile(ctx: Ctx, id: number, upload: BillFileInput): Promise<BillRecord> {
      const file = checkFile(upload);
      if (!(await repo.find(db, id))) throw E.BILL_NOT_FOUND();
      const staged = await files.stage(file.data, file.type);
      let before: BillRow;
      try {
        before = await db.transaction(async (tx) => {
          const bill = await repo.findForUpdate(tx, id);
          if (!bill) throw E.BILL_NOT_FOUND();
          if (new Decimal(bill.settled_amount).greaterThan(0)) throw E.BILL_SETTLED(bill.number);
          await assertPeriodOpen(tx, bill.company_id, bill.issue_date);
          const lineIds = await repo.lineIdsOf(tx, id);
          const updated = await repo.update(tx, id, {
            file_path: staged.relPath,
            file_name: file.name,
            file_type: file.type,
            file_size: staged.size,
            file_sha256: staged.sha256,
          });
          await registerRepository.syncBill(tx, id);
          await recordChange(
            tx,
            ctx,
            BILL_ENTITY,
            id,
            billSnapshot(bill, lineIds),
            billSnapshot(updated, lineIds),
          );
          return bill;
        });
      } catch (error) {
        await files.discard(staged).catch(() => undefined);
        throw error;
      }
      await commitFile(staged, () =>
        db.transaction(async (tx) => {
          const bill = (await repo.findForUpdate(tx, id))!;
          const lineIds = await repo.lineIdsOf(tx, id);
          const restored = await repo.update(tx, id, {
            file_path: before.file_path,
            file_name: before.file_name,
            file_type: before.file_type,
            file_size: before.file_size,
            file_sha256: before.file_sha256,
          });
          await recordChange(
            tx,
            ctx,
            BILL_ENTITY,
            id,
            billSnapshot(bill, lineIds),
            billSnapshot(restored, lineIds),
          );
        }),
      );
      await files
        .remove(before.file_path)
        .catch((err) =>
          log?.warn({ err, file: before.file_path }, 'replaced bill file could not be removed'),
        );
      return load(db, id);
    },

    /** The stored file to stream, with what the answer's headers need. */
    async file(id: number) {
      const bill = await repo.find(db, id);
      if (!bill) throw E.BILL_NOT_FOUND();
      const stream = await files.open(bill.file_path);
      if (!stream) {
        log?.error({ bill: id, file: bill.file_path }, 'bill file missing on disk');
        throw E.FILE_MISSING(bill.number);
      }
      return { stream, name: bill.file_name, type: bill.file_type as BillFileType, size: bill.file_size };
    },
  };
}
export type BillsService = ReturnType<typeof createBillsService>;
