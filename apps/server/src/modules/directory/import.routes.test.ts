import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ROLE_EMAILS, type TestContext } from '../../test/harness.ts';
import { issueToken } from '../../test/tokens.ts';

let t: TestContext;
let fo: string;

beforeAll(async () => {
  t = await createTestContext();
  fo = await tokenFor('FO');
});
afterAll(() => t.close());

/** A session without the cost of a password check. */
const tokenFor = (role: keyof typeof ROLE_EMAILS) => issueToken(t.database.db, ROLE_EMAILS[role]);

/** A multipart/form-data body as a browser sends it. */
function multipart(
  file: { name: string; content: string | Buffer } | null,
  fields: Record<string, string> = {},
) {
  const boundary = '----directory-import-test';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (url: string, body: ReturnType<typeof multipart>) =>
  t.request({ method: 'POST', url, token: fo, ...body });

const CLIENTS_CSV = [
  'Given name;Surname;E-mail;Plan;Rating;Birthday;Language;Manager',
  'Anna;Karenina;anna@example.com;The One;strategic;07/03/1985;Russian;Fiona Front',
  'Konstantin;Levin;kostya@example.com;trial;Basic;1980-01-15;RU;',
  'Anna;Duplicate;ANNA@example.com;;;;;',
  ';Nameless;nobody@example.com;;Gold;;;',
  '"Stepan ""Stiva""";Oblonsky;stiva@example.com;Invitation;;31/02/1979;EN;Nobody Known',
  ';;;;;;;',
  'Darya;Oblonskaya;;;;12/12/1990;;',
].join('\r\n');

describe('importing clients', () => {
  it('previews the columns, the first rows and a suggested mapping', async () => {
    const res = await upload(
      'clients/import/preview/',
      multipart({ name: 'clients.csv', content: CLIENTS_CSV }),
    );
    expect(res.statusCode).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({ file_name: 'clients.csv', format: 'csv', total_rows: 6 });
    expect(preview.columns).toEqual([
      'Given name',
      'Surname',
      'E-mail',
      'Plan',
      'Rating',
      'Birthday',
      'Language',
      'Manager',
    ]);
    expect(preview.rows[4]).toEqual([
      'Stepan "Stiva"',
      'Oblonsky',
      'stiva@example.com',
      'Invitation',
      '',
      '31/02/1979',
      'EN',
      'Nobody Known',
    ]);
    expect(preview.suggested_mapping).toMatchObject({
      first_name: 'Given name',
      last_name: 'Surname',
      email: 'E-mail',
      membership: 'Plan',
      fo_manager: 'Manager',
      phone: null,
    });
    expect(preview.fields[0]).toEqual({ name: 'first_name', label: 'First name', required: true });
  });

  it('imports good rows, skips duplicates and refuses bad rows with their reasons', async () => {
    await t.request({
      method: 'POST',
      url: 'clients/',
      token: fo,
      payload: { first_name: 'Existing', last_name: 'Levin', email: 'kostya@example.com' },
    });
    await t.request({
      method: 'POST',
      url: 'clients/',
      token: fo,
      payload: { first_name: 'Darya', last_name: 'Oblonskaya', birthday: '1990-12-12' },
    });
    const mapping = {
      first_name: 'Given name',
      last_name: 'Surname',
      email: 'E-mail',
      membership: 'Plan',
      rating: 'Rating',
      birthday: 'Birthday',
      language: 'Language',
      fo_manager: 'Manager',
    };
    const res = await upload(
      'clients/import/',
      multipart({ name: 'clients.csv', content: CLIENTS_CSV }, { mapping: JSON.stringify(mapping) }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      total_rows: 6,
      imported: 1,
      skipped_duplicates: [
        { row: 3, reason: 'A record with this email is already in the directory' },
        { row: 4, reason: 'Same email as row 2' },
        { row: 8, reason: 'A record with this name and birthday is already in the directory' },
      ],
      refused: [
        { row: 5, errors: { first_name: ['Required field'], rating: ['Invalid field value'] } },
        { row: 6, errors: { fo_manager: ['Invalid field value'], birthday: ['Invalid date format'] } },
      ],
    });
    const anna = (await t.request({ method: 'GET', url: 'clients/?search=karenina', token: fo })).json().data;
    expect(anna).toHaveLength(1);
    expect(anna[0]).toMatchObject({
      membership: 'the_one',
      rating: 'Strategic',
      birthday: '1985-03-07',
      language: 'RU',
      fo_manager: { name: 'Fiona Front' },
    });
    const history = (
      await t.request({ method: 'GET', url: `audit/?entity=client&entity_id=${anna[0].id}`, token: fo })
    ).json().data;
    expect(history[0]).toMatchObject({ action: 'import', user: { name: 'Fiona Front' } });
    // Nothing of the skipped or refused rows went in.
    expect(
      (await t.request({ method: 'GET', url: 'clients/?search=duplicate', token: fo })).json().meta.total,
    ).toBe(0);
    expect(
      (await t.request({ method: 'GET', url: 'clients/?search=levin', token: fo })).json().meta.total,
    ).toBe(1);
  });

  it('reads XLSX workbooks, dates included', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clients');
    sheet.addRow(['First name', 'Last name', 'Email', 'Membership end']);
    sheet.addRow(['Pierre', 'Bezukhov', 'pierre@example.com', new Date(Date.UTC(2026, 11, 31))]);
    sheet.addRow(['Natasha', 'Rostova', 'natasha@example.com', null]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload('clients/import/', multipart({ name: 'clients.xlsx', content }));
    expect(res.json().data).toMatchObject({
      total_rows: 2,
      imported: 2,
      refused: [],
      skipped_duplicates: [],
    });
    const pierre = (await t.request({ method: 'GET', url: 'clients/?search=bezukhov', token: fo })).json()
      .data[0];
    expect(pierre.membership_end).toBe('2026-12-31');
  });

  it('refuses a deactivated FO manager, as the form does', async () => {
    const admin = await tokenFor('Admin');
    const user = (
      await t.request({
        method: 'POST',
        url: 'users/',
        token: admin,
        payload: {
          name: 'Retired Manager',
          email: 'retired@example.com',
          role: 'FO',
          password: 'temporary-pass-1',
        },
      })
    ).json().data;
    await t.request({
      method: 'PATCH',
      url: `users/${user.id}/`,
      token: admin,
      payload: { version: user.version, is_active: false },
    });
    const content =
      'First name,Last name,FO manager\nOlga,Retired,Retired Manager\nOlga,Active,Fiona Front\n';
    const res = await upload('clients/import/', multipart({ name: 'managers.csv', content }));
    expect(res.json().data).toMatchObject({
      imported: 1,
      refused: [{ row: 2, errors: { fo_manager: ['Invalid field value'] } }],
    });
  });

  it('refuses a mapping that misses a required field or names a missing column', async () => {
    const res = await upload(
      'clients/import/',
      multipart(
        { name: 'c.csv', content: 'Name,Mail\nA,a@b.co\n' },
        { mapping: JSON.stringify({ first_name: 'Name', email: 'Phone' }) },
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: ['No column "Phone" in the file'],
      last_name: ['Required field'],
    });
  });

  it('refuses a request without a file, an empty file and an old .xls workbook', async () => {
    expect((await upload('clients/import/preview/', multipart(null))).json().errors).toEqual({
      file: ['Required field'],
    });
    const empty = await upload('clients/import/preview/', multipart({ name: 'empty.csv', content: '\r\n' }));
    expect(empty.statusCode).toBe(400);
    const xls = await upload('clients/import/preview/', multipart({ name: 'old.xls', content: 'binary' }));
    expect(xls.statusCode).toBe(415);
    const json = await t.request({
      method: 'POST',
      url: 'clients/import/',
      token: fo,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('importing suppliers', () => {
  it('maps types, tags and services, and skips a name already in the file', async () => {
    const csv = [
      'Name,Type,Tags,Services,Payment terms,Currency',
      'The Savoy,hotel,luxury; london,Hotel,30,gbp',
      'THE SAVOY,Hotel,,,,',
      'Jetex,Private jet broker,jet,Private jet;Airport VIP Lounge,7,AED',
      'Nowhere,Spaceport,,Teleport,-1,XYZ',
    ].join('\n');
    const res = await upload('suppliers/import/', multipart({ name: 'suppliers.csv', content: csv }));
    expect(res.json().data).toEqual({
      total_rows: 4,
      imported: 2,
      skipped_duplicates: [{ row: 3, reason: 'Same name as row 2' }],
      refused: [
        {
          row: 5,
          errors: {
            services: ['Invalid field value: Teleport'],
            type: ['Invalid field value'],
            payment_terms_days: ['Minimum value 0'],
            currency: ['Invalid field value'],
          },
        },
      ],
    });
    const jetex = (await t.request({ method: 'GET', url: 'suppliers/?search=jetex', token: fo })).json()
      .data[0];
    expect(jetex).toMatchObject({
      type: 'Private jet broker',
      tags: ['jet'],
      currency: 'AED',
      payment_terms_days: 7,
    });
    expect(jetex.services.map((s: { named: string }) => s.named)).toEqual([
      'Airport VIP Lounge',
      'Private jet',
    ]);
  });
});
