import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { RequestLineRow } from './requests.repository.ts';
import { requestLines, requests } from './requests.table.ts';

/** A request line as invoicing reads it, with what its request says about it. */
export interface InvoicingLineRow {
  line: RequestLineRow;
  request: {
    id: number;
    number: string;
    client_id: number;
    company_id: number;
    canceled_at: Date | null;
  };
}

/** The SQL of invoicing's line moves (decision 0010): the locks and the status writes. */
export const invoicingRepository = {
  /** The requests the lines belong to (a line never moves between requests, so no lock is needed). */
  async requestIdsOfLines(ex: Executor, lineIds: number[]): Promise<number[]> {
    if (lineIds.length === 0) return [];
    const rows = await ex
      .selectDistinct({ id: requestLines.request_id })
      .from(requestLines)
      .where(inArray(requestLines.id, lineIds));
    return rows.map((r) => r.id);
  },

  /** Row locks on the requests, in id order (the order every writer of lines takes them). */
  async lockRequests(ex: Executor, requestIds: number[]): Promise<void> {
    if (requestIds.length === 0) return;
    await ex
      .select({ id: requests.id })
      .from(requests)
      .where(inArray(requests.id, requestIds))
      .orderBy(asc(requests.id))
      .for('update');
  },

  /** The lines locked in id order, each with its request; missing ids are simply absent. */
  async lockLines(ex: Executor, lineIds: number[]): Promise<InvoicingLineRow[]> {
    if (lineIds.length === 0) return [];
    return ex
      .select({
        line: requestLines,
        request: {
          id: requests.id,
          number: requests.number,
          client_id: requests.client_id,
          company_id: requests.company_id,
          canceled_at: requests.canceled_at,
        },
      })
      .from(requestLines)
      .innerJoin(requests, eq(requests.id, requestLines.request_id))
      .where(inArray(requestLines.id, lineIds))
      .orderBy(asc(requestLines.id))
      .for('update', { of: requestLines });
  },

  /** One status for several lines, each one version up; answers the rows after. */
  async setStatus(ex: Executor, lineIds: number[], status: string): Promise<RequestLineRow[]> {
    if (lineIds.length === 0) return [];
    return ex
      .update(requestLines)
      .set({ status, version: sql`${requestLines.version} + 1`, updated_at: new Date() })
      .where(inArray(requestLines.id, lineIds))
      .returning();
  },
};
