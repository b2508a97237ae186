import type { Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { recordChange } from '../audit/audit.service.ts';
import { type InvoicingLineRow, invoicingRepository as repo } from './invoicing.repository.ts';
import { REQUEST_ENTITY } from './requests.entity.ts';
import { lineSnapshot } from './requests.mappers.ts';
import type { RequestLineRow } from './requests.repository.ts';
import { type RatesSource, ratesNowOf, refreshSummary } from './requests.summary.ts';

export type { InvoicingLineRow };

/** What invoicing does to a request line: issuing makes it Invoiced, a credit note Confirmed or Canceled. */
export type InvoicingStatus = 'Invoiced' | 'Confirmed' | 'Canceled';

export interface InvoicingMove {
  line: RequestLineRow;
  to: InvoicingStatus;
}

/** The request side of issuing and crediting, run inside the accounting transaction. */
export interface LineInvoicing {
  /**
   * Locks the lines' requests, then the lines, each in id order: the order the requests service
   * takes them (request, then line), so an invoice and a line edit queue instead of deadlocking.
   */
  lock(tx: Executor, lineIds: number[]): Promise<InvoicingLineRow[]>;
  /**
   * Moves the lines (each one version up), then rewrites the summary and `has_invoice` of every
   * request in `hasInvoice` (true while the request has a live invoice line), and writes each
   * request's history of its lines (`ctx` null: the system, as the demo seed).
   */
  move(
    tx: Executor,
    ctx: Ctx | null,
    moves: InvoicingMove[],
    hasInvoice: ReadonlyMap<number, boolean>,
  ): Promise<void>;
}

async function moveLines(tx: Executor, moves: InvoicingMove[]): Promise<Map<number, RequestLineRow>> {
  const after = new Map<number, RequestLineRow>();
  const byStatus = new Map<InvoicingStatus, number[]>();
  for (const m of moves) byStatus.set(m.to, [...(byStatus.get(m.to) ?? []), m.line.id]);
  for (const [status, ids] of byStatus)
    for (const row of await repo.setStatus(tx, ids, status)) after.set(row.id, row);
  return after;
}

async function recordMoves(
  tx: Executor,
  ctx: Ctx | null,
  moves: InvoicingMove[],
  after: Map<number, RequestLineRow>,
): Promise<void> {
  const byRequest = new Map<number, InvoicingMove[]>();
  for (const m of moves) byRequest.set(m.line.request_id, [...(byRequest.get(m.line.request_id) ?? []), m]);
  for (const [requestId, ms] of byRequest) {
    const before = Object.fromEntries(ms.map((m) => [`line ${m.line.id}`, lineSnapshot(m.line)]));
    const changed = Object.fromEntries(
      ms.map((m) => [`line ${m.line.id}`, lineSnapshot(after.get(m.line.id)!)]),
    );
    await recordChange(tx, ctx, REQUEST_ENTITY, requestId, before, changed, 'update');
  }
}

/**
 * Invoicing's hold on request lines (decision 0010): the accounting module moves lines only
 * through here. `prepare()` reads the newest rates (the summary values unconfirmed lines with
 * them) before the caller opens its transaction: PGlite has one connection.
 */
export function lineInvoicing(rates: RatesSource) {
  return {
    async prepare(): Promise<LineInvoicing> {
      const now = await ratesNowOf(rates);
      return {
        async lock(tx, lineIds) {
          await repo.lockRequests(tx, await repo.requestIdsOfLines(tx, lineIds));
          return repo.lockLines(tx, lineIds);
        },

        async move(tx, ctx, moves, hasInvoice) {
          const after = await moveLines(tx, moves);
          for (const [requestId, has] of [...hasInvoice].sort((a, b) => a[0] - b[0]))
            await refreshSummary(tx, requestId, now, { has_invoice: has });
          await recordMoves(tx, ctx, moves, after);
        },
      };
    },
  };
}
export type LineInvoicingSource = ReturnType<typeof lineInvoicing>;
