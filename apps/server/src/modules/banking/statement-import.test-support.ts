/**
 * What the statement import tests build on: the requests' world (companies, clients Anna Karenina
 * and others, suppliers The Ritz London and Sky Jets), bank accounts, and multipart bodies.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { TestContext } from '../../test/harness.ts';
import { multipart as formData } from '../accounting/bills.test-support.ts';
import { buildWorld, type RequestsWorld } from '../requests/requests.test-support.ts';

export interface ImportWorld extends RequestsWorld {
  /** BSLF's GBP and EUR accounts. */
  bank: { gbp: number; eur: number };
}

export async function addBank(t: TestContext, w: RequestsWorld, currency: string, number: string) {
  const res = await t.request({
    method: 'POST',
    url: 'banks/',
    token: w.token.Accountant,
    payload: {
      company_id: w.company.BSLF,
      bank_name: 'Coutts',
      account_number: number,
      currency,
      type: 'Income',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

export async function buildImportWorld(t: TestContext): Promise<ImportWorld> {
  const w = await buildWorld(t);
  const bank = {
    gbp: await addBank(t, w, 'GBP', 'GB29NWBK60161331926819'),
    eur: await addBank(t, w, 'EUR', 'GB94BARC10201530093459'),
  };
  return { ...w, bank };
}

/** A multipart/form-data body as a browser sends it, the file a CSV. */
export function multipart(
  file: { name: string; content: string | Buffer } | null,
  fields: Record<string, string>,
) {
  return formData(fields, file && { name: file.name, content: Buffer.from(file.content), type: 'text/csv' });
}

/** `POST transactions/import/` with a file and the form's fields. */
export function postStatement(
  t: TestContext,
  token: string,
  bank: number,
  content: string | Buffer,
  fields: { mapping?: unknown; commit?: boolean; name?: string } = {},
) {
  return t.request({
    method: 'POST',
    url: 'transactions/import/',
    token,
    ...multipart(
      { name: fields.name ?? 'statement.csv', content },
      {
        bank: String(bank),
        ...(fields.mapping !== undefined && { mapping: JSON.stringify(fields.mapping) }),
        ...(fields.commit && { commit: 'true' }),
      },
    ),
  });
}

/** How many rows the tables an import writes hold: a refused upload changes none of them. */
export async function importTables(t: TestContext) {
  const [row] = await queryRows<{ transactions: number; imports: number; mappings: number; audits: number }>(
    t.database.db,
    sql`select (select count(*)::int from bank_transactions) as transactions,
               (select count(*)::int from statement_imports) as imports,
               (select count(*)::int from bank_statement_mappings) as mappings,
               (select count(*)::int from audit_log where entity = 'statement_import') as audits`,
  );
  return row!;
}

/** A statement of `n` distinct lines (money in and out, a reference each), dated in March 2026. */
export function bigStatement(n: number): string {
  const lines = ['Date,Description,Amount'];
  for (let i = 1; i <= n; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const amount = `${i % 3 === 0 ? '-' : ''}${(i % 997) + 1}.${String(i % 100).padStart(2, '0')}`;
    lines.push(`${day}/03/2026,Line ${i} ref BSLF-2026-${String(i).padStart(5, '0')},${amount}`);
  }
  return lines.join('\n');
}
