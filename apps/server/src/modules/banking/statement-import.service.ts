import { createHash } from 'node:crypto';
import {
  MESSAGES,
  PERIOD_LOCK_MESSAGES,
  STATEMENT_MAX_BYTES,
  STATEMENT_MESSAGES,
  STATEMENT_PREVIEW_ROWS,
  type StatementImport,
  type StatementMapping,
  type StatementPreview,
  type StatementRefusal,
  type TransactionCounterparty,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import type { Background } from '../../platform/background.ts';
import { AppError } from '../../platform/errors.ts';
import { counterpartyOf, matchNames } from './statement-import.counterparties.ts';
import { runStatementImport } from './statement-import.job.ts';
import { readLines, type StatementLine } from './statement-import.lines.ts';
import { REFUSALS_LISTED, statementFileName, toStatementImport } from './statement-import.mappers.ts';
import { resolveMapping } from './statement-import.mapping.ts';

export { STATEMENT_IMPORT_ENTITY } from './statement-import.mappers.ts';

import { readStatementCsv } from './statement-import.parser.ts';
import { statementImportRepository as repo } from './statement-import.repository.ts';

export const STATEMENT_TOO_LARGE = () =>
  new AppError('FILE_TOO_LARGE', STATEMENT_MESSAGES.tooLarge, { rule: true });
const BANK_INVALID = () => AppError.fields({ bank: [MESSAGES.invalidValue] });
const IMPORT_NOT_FOUND = () => AppError.notFound('Statement import');
const RECENT_IMPORTS = 20;

/** A statement file for one bank account: from the upload form, or from the demo seed. */
export interface StatementUpload {
  bankId: number;
  fileName: string;
  content: Buffer;
  /** JSON of StatementMapping (the form's field) or the mapping itself; absent: remembered or guessed. */
  mapping?: string | StatementMapping | undefined;
}

export interface AnalysedLine extends StatementLine {
  counterparty: TransactionCounterparty | null;
  /** Already in the account, or earlier in this file. */
  duplicate: boolean;
}
export type AnalysedEntry = { line: number; ok: AnalysedLine } | { line: number; refused: string };
export type ImportBank = NonNullable<Awaited<ReturnType<typeof repo.bank>>>;

export interface StatementAnalysis {
  bank: ImportBank;
  fileName: string;
  columns: string[];
  mapping: StatementMapping;
  entries: AnalysedEntry[];
}

const refusalsOf = (entries: AnalysedEntry[]): StatementRefusal[] =>
  entries
    .filter((e): e is { line: number; refused: string } => 'refused' in e)
    .slice(0, REFUSALS_LISTED)
    .map((e) => ({ line: e.line, reason: e.refused }));

export function createStatementImportService({
  db,
  background,
  log,
}: {
  db: Db;
  background: Background;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
}) {
  /**
   * Reads and checks the whole file before anything is written: every bad input is a 400 here.
   * Duplicates (by key, in the account or earlier in the file) are marked before closed months
   * are refused, so a statement imported again after a month closed reports duplicates.
   */
  async function analyse(input: StatementUpload): Promise<StatementAnalysis> {
    if (input.content.length > STATEMENT_MAX_BYTES) throw STATEMENT_TOO_LARGE();
    const bank = await repo.bank(db, input.bankId);
    if (!bank || bank.archived_at) throw BANK_INVALID();
    const table = readStatementCsv(input.content);
    const given = typeof input.mapping === 'object' ? JSON.stringify(input.mapping) : input.mapping;
    const mapping = resolveMapping(table, given, await repo.rememberedMapping(db, bank.id));
    const read = readLines(table, mapping);
    const lines = read.flatMap((e) => ('ok' in e ? [e.ok] : []));
    const existing = await repo.existingKeys(db, bank.id, [...new Set(lines.map((l) => l.dedupeKey))]);
    const locked = new Set(await repo.lockedMonths(db, bank.company_id));
    const names = await matchNames(
      db,
      lines.flatMap((l) => (l.counterpartyName ? [l.counterpartyName] : [])),
    );
    const seen = new Set<string>();
    const entries = read.map((e): AnalysedEntry => {
      if (!('ok' in e)) return e;
      const l = e.ok;
      const duplicate = existing.has(l.dedupeKey) || seen.has(l.dedupeKey);
      seen.add(l.dedupeKey);
      const month = l.date.slice(0, 7);
      if (!duplicate && locked.has(month))
        return { line: l.line, refused: PERIOD_LOCK_MESSAGES.locked(month, bank.company_code) };
      return {
        line: l.line,
        ok: { ...l, duplicate, counterparty: counterpartyOf(names, l.counterpartyName, l.type) },
      };
    });
    return { bank, fileName: statementFileName(input.fileName), columns: table.columns, mapping, entries };
  }

  return {
    /** What the file would import (nothing written but the remembered mapping). */
    async preview(_ctx: Ctx | null, input: StatementUpload): Promise<StatementPreview> {
      const a = await analyse(input);
      await repo.rememberMapping(db, a.bank.id, a.mapping);
      const lines = a.entries.flatMap((e) => ('ok' in e ? [e.ok] : []));
      return {
        bank: a.bank.id,
        file_name: a.fileName,
        columns: a.columns,
        mapping: a.mapping,
        rows_total: a.entries.length,
        rows_valid: lines.length,
        duplicates: lines.filter((l) => l.duplicate).length,
        rows: lines.slice(0, STATEMENT_PREVIEW_ROWS).map((l) => ({
          line: l.line,
          date: l.date,
          amount: l.amount,
          type: l.type,
          reference: l.reference,
          counterparty_name: l.counterpartyName,
          counterparty: l.counterparty,
          duplicate: l.duplicate,
        })),
        refused: refusalsOf(a.entries),
      };
    },

    /**
     * Records the import (running) and answers at once; the lines go in in the background, in
     * chunks of their own transactions (`background.idle()` waits for the end).
     */
    async commit(ctx: Ctx | null, input: StatementUpload): Promise<StatementImport> {
      const a = await analyse(input);
      const row = await db.transaction(async (tx) => {
        await repo.rememberMapping(tx, a.bank.id, a.mapping);
        return repo.createImport(tx, {
          bank_id: a.bank.id,
          file_name: a.fileName,
          file_sha256: createHash('sha256').update(input.content).digest('hex'),
          rows_total: a.entries.length,
          report: refusalsOf(a.entries),
          created_by: ctx?.user.id ?? null,
        });
      });
      log.info({ import: row.id, bank: a.bank.id, rows: a.entries.length }, 'statement import started');
      background.run('statement import', () => runStatementImport({ db, log }, ctx, row, a));
      return toStatementImport({ ...row, bank: a.bank });
    },

    async get(id: number): Promise<StatementImport> {
      const row = await repo.findImport(db, id);
      if (!row) throw IMPORT_NOT_FOUND();
      return toStatementImport(row);
    },

    async list(bankId: number | undefined): Promise<StatementImport[]> {
      return (await repo.listImports(db, bankId, RECENT_IMPORTS)).map(toStatementImport);
    },
  };
}
export type StatementImportService = ReturnType<typeof createStatementImportService>;
