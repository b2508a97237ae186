import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { StatementRefusal } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { recordChange } from '../audit/audit.service.ts';
import { bankName } from '../directory/banks.service.ts';
import { STATEMENT_IMPORT_ENTITY } from './statement-import.mappers.ts';
import {
  type BankLineInsert,
  statementImportRepository as repo,
  type StatementImportRow,
} from './statement-import.repository.ts';
import type { AnalysedLine, StatementAnalysis } from './statement-import.service.ts';
import { transactionSearchColumns } from './transaction-search.ts';

/** Rows per chunk: each chunk is one multi-row insert in a transaction of its own. */
export const STATEMENT_CHUNK = 1000;

/**
 * The bank's text as stored: a payer or payee that matched no client or supplier stays in it, so
 * the accountant still sees who paid; a matched one is the line's counterparty instead.
 */
function storedReference(l: AnalysedLine): string | null {
  const name = l.counterpartyName;
  if (!name || l.counterparty || l.reference?.toLowerCase().includes(name.toLowerCase())) return l.reference;
  return (l.reference ? `${name} · ${l.reference}` : name).slice(0, 500);
}

function toInsert(
  a: StatementAnalysis,
  importId: number,
  userId: number | null,
  l: AnalysedLine,
): BankLineInsert {
  const reference = storedReference(l);
  return {
    bank_id: a.bank.id,
    currency: a.bank.currency,
    type: l.type,
    way: 'pay',
    date: l.date,
    amount: l.amount,
    counterparty_kind: l.counterparty?.kind ?? null,
    counterparty_id: l.counterparty?.id ?? null,
    reference,
    ...transactionSearchColumns({
      reference,
      counterpartyName: l.counterparty?.name ?? l.counterpartyName,
      amount: l.amount,
    }),
    import_id: importId,
    dedupe_key: l.dedupeKey,
    created_by: userId,
  };
}

const stoppedAt = (line: number): StatementRefusal => ({
  line,
  reason:
    'The import stopped here; the lines before are in. Import the file again to add the rest: lines already in are skipped',
});

/**
 * Inserts the analysed lines chunk by chunk, each chunk in its own transaction with the import's
 * counters, yielding between chunks so other requests are served. A duplicate the account gained
 * since the analysis is skipped by the unique key and counted. Ends `done` with one audit line, or
 * `failed` with where it stopped in the report.
 */
export async function runStatementImport(
  { db, log }: { db: Db; log: Pick<FastifyBaseLogger, 'error' | 'info'> },
  ctx: Ctx | null,
  row: StatementImportRow,
  a: StatementAnalysis,
): Promise<void> {
  const userId = ctx?.user.id ?? null;
  const counts = { rows_done: 0, rows_imported: 0, rows_duplicate: 0 };
  let at = 0;
  try {
    for (; at < a.entries.length; at += STATEMENT_CHUNK) {
      const chunk = a.entries.slice(at, at + STATEMENT_CHUNK);
      const lines = chunk.flatMap((e) => ('ok' in e ? [e.ok] : []));
      const fresh = lines.filter((l) => !l.duplicate);
      const next = await db.transaction(async (tx) => {
        const inserted = await repo.insertLines(
          tx,
          fresh.map((l) => toInsert(a, row.id, userId, l)),
        );
        const c = {
          rows_done: counts.rows_done + chunk.length,
          rows_imported: counts.rows_imported + inserted,
          rows_duplicate: counts.rows_duplicate + lines.length - inserted,
        };
        await repo.updateImport(tx, row.id, c);
        return c;
      });
      Object.assign(counts, next);
      await yieldToOthers();
    }
    await db.transaction(async (tx) => {
      await repo.updateImport(tx, row.id, { status: 'done', finished: true });
      await recordChange(tx, ctx, STATEMENT_IMPORT_ENTITY, row.id, null, {
        bank: bankName(a.bank),
        file_name: row.file_name,
        status: 'done',
        rows_total: row.rows_total,
        rows_imported: counts.rows_imported,
        rows_duplicate: counts.rows_duplicate,
        rows_refused: row.rows_total - counts.rows_imported - counts.rows_duplicate,
      });
    });
    log.info({ import: row.id, ...counts }, 'statement import done');
  } catch (err) {
    log.error({ err, import: row.id }, 'statement import failed');
    const report = [...(row.report as StatementRefusal[]), stoppedAt(a.entries[at]?.line ?? 0)];
    await db.transaction(async (tx) => {
      await repo.updateImport(tx, row.id, { status: 'failed', finished: true, report });
      await recordChange(tx, ctx, STATEMENT_IMPORT_ENTITY, row.id, null, {
        bank: bankName(a.bank),
        file_name: row.file_name,
        status: 'failed',
        rows_total: row.rows_total,
        rows_imported: counts.rows_imported,
        rows_duplicate: counts.rows_duplicate,
      });
    });
  }
}
