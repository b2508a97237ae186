import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';
import { parseCsv } from './import.parsers.ts';

let t: TestContext;
let bo: string;

beforeAll(async () => {
  t = await createTestContext();
  bo = await tokenFor('BO');
  for (const [first_name, last_name, rating, notes, phone] of [
    ['Anna', 'Karenina', 'Strategic', 'Line one\nline "two", with comma', '+44 7700 900123'],
    ['Konstantin', 'Levin', 'Basic', '=HYPERLINK("http://evil")', null],
    ['Alexei', 'Vronsky', 'Strategic', null, null],
  ] as const) {
    const email = `${first_name.toLowerCase()}@example.com`;
    await t.request({
      method: 'POST',
      url: 'clients/',
      token: bo,
      payload: {
        first_name,
        last_name,
        email,
        phone,
        rating,
        notes,
        language: 'RU',
        membership: 'the_one',
      },
    });
  }
});
afterAll(() => t.close());

/** A session without the cost of a password check. */
const tokenFor = (role: keyof typeof ROLE_EMAILS) => issueToken(t.database.db, ROLE_EMAILS[role]);

const get = (url: string, token = bo) => t.request({ method: 'GET', url, token });

describe('exports', () => {
  it('exports the filtered client list as CSV with the import headers', async () => {
    const res = await get('clients/export/?format=csv&rating=Strategic&ordering=-name');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFFID,First name,Last name,Email')).toBe(true);
    const [header, ...rows] = parseCsv(res.body).filter((r) => r.length > 1);
    expect(rows.map((r) => r[header!.indexOf('Last name')])).toEqual(['Vronsky', 'Karenina']);
    expect(rows[1]![header!.indexOf('Notes')]).toBe('Line one\nline "two", with comma');
    expect(rows[1]![header!.indexOf('Membership')]).toBe('The One');
    expect(rows[1]![header!.indexOf('Language')]).toBe('Russian');
  });

  it('keeps formulas inert in CSV', async () => {
    const res = await get('clients/export/?search=levin');
    const [header, row] = parseCsv(res.body);
    expect(row![header!.indexOf('Notes')]).toBe(`'=HYPERLINK("http://evil")`);
  });

  it('exports XLSX that a spreadsheet reads back', async () => {
    const res = await get('clients/export/?format=xlsx');
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('First name');
    expect(sheet.rowCount).toBe(4);
    const lastNames = [2, 3, 4].map((r) => sheet.getRow(r).getCell(3).value);
    expect(lastNames).toEqual(['Karenina', 'Levin', 'Vronsky']);
  });

  it('writes a client file that imports back with the suggested mapping, every row a duplicate', async () => {
    const file = (await get('clients/export/?format=csv')).rawPayload;
    const boundary = '----roundtrip';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clients.csv"\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const preview = await t.request({
      method: 'POST',
      url: 'clients/import/preview/',
      token: bo,
      payload,
      headers,
    });
    const mapping = preview.json().data.suggested_mapping;
    expect(mapping).toMatchObject({
      first_name: 'First name',
      last_name: 'Last name',
      membership: 'Membership',
      fo_manager: 'FO manager',
      notes: 'Notes',
    });
    const report = (
      await t.request({ method: 'POST', url: 'clients/import/', token: bo, payload, headers })
    ).json().data;
    expect(report).toMatchObject({ total_rows: 3, imported: 0, refused: [] });
    expect(report.skipped_duplicates).toHaveLength(3);
  });

  it('exports suppliers, services, banks and companies, and managers for Admin only', async () => {
    await t.request({
      method: 'POST',
      url: 'suppliers/',
      token: bo,
      payload: { name: 'The Savoy', type: 'Hotel', tags: ['luxury', 'london'] },
    });
    const suppliers = parseCsv((await get('suppliers/export/?format=csv')).body);
    expect(suppliers[1]!.slice(1, 4)).toEqual(['The Savoy', 'Hotel', 'luxury; london']);
    const services = parseCsv((await get('services/export/?service_type=Hotel')).body);
    expect(services[1]!.slice(1, 5)).toEqual(['Hotel', '', 'Hotel', 'Toms EU']);
    expect(
      parseCsv((await get('companies/export/')).body)
        .map((r) => r[1])
        .slice(1, 4),
    ).toEqual(['AIRS', 'BSLF', 'TPRO']);
    expect((await get('banks/export/?format=xlsx')).statusCode).toBe(200);
    expect((await get('managers/export/')).statusCode).toBe(403);
    const managers = parseCsv((await get('managers/export/', await tokenFor('Admin'))).body);
    expect(managers.slice(1).map((r) => r[1])).toEqual(['Boris Back', 'Fiona Front']);
  });

  it('refuses an unknown format', async () => {
    expect((await get('clients/export/?format=pdf')).statusCode).toBe(400);
  });

  it('answers bad filters with a 400 in the error envelope, not a file', async () => {
    for (const url of ['clients/export/?ordering=nope', 'banks/export/?format=xlsx&currency=XXXX']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-disposition'], url).toBeUndefined();
      expect(res.json().errors.detail[0], url).toMatch(/^Invalid query/);
    }
  });

  it('answers a database failure on the first page with a 500 envelope, before any header row', async () => {
    const db = t.database.db;
    for (const [table, url] of [
      ['clients', 'clients/export/?format=csv'],
      ['companies', 'companies/export/?format=xlsx'],
    ] as const) {
      await db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
      try {
        const res = await get(url);
        expect(res.statusCode, url).toBe(500);
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
        expect(res.headers['content-disposition'], url).toBeUndefined();
        expect(res.json(), url).toEqual({
          errors: { detail: 'Something went wrong. Try again or contact us.' },
        });
      } finally {
        await db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
      }
    }
    expect((await get('clients/export/?format=csv')).statusCode).toBe(200);
  });

  it('imports a CSV export back with its values as they were, the inert quotes removed', async () => {
    // the same people under other emails, so that they are new rather than duplicates
    const exported = (await get('clients/export/?format=csv')).body.replaceAll(
      '@example.com',
      '@copy.example.com',
    );
    expect(exported).toContain("'+44 7700 900123");
    const boundary = '----copy';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clients.csv"\r\n\r\n` +
        `${exported}\r\n--${boundary}--\r\n`,
    );
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const report = (
      await t.request({ method: 'POST', url: 'clients/import/', token: bo, payload, headers })
    ).json().data;
    expect(report).toMatchObject({ total_rows: 3, imported: 3, refused: [], skipped_duplicates: [] });
    const anna = (await get('clients/?search=anna@copy.example.com')).json().data[0];
    expect(anna.phone).toBe('+44 7700 900123');
    const levin = (await get('clients/?search=konstantin@copy.example.com')).json().data[0];
    expect(levin.notes).toBe('=HYPERLINK("http://evil")');
  });
});
