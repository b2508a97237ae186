import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateHotelOfferBody, CreateRequestLineBody } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../platform/auth-user.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { auditLog } from '../audit/audit.table.ts';
import { ctxFor, makeClient, makeRequest, makeSupplier } from './offers.fixtures.ts';
import { formatMoney, formatStay, roomLabel } from './offers.format.ts';
import { createOffersService, type OfferLineMaker, type OffersService } from './offers.service.ts';
import { pageGroups, pdfSafe } from './presentation.pdf.ts';
import { requestLines } from './requests.table.ts';

const FAILING_HOTEL = 'The Failing Hotel';
const lineValues = (requestId: number, body: CreateRequestLineBody) => ({
  request_id: requestId,
  position: 1,
  service_type: body.service_type,
  supplier_id: body.supplier_id ?? null,
  date_from: body.date_from ?? null,
  date_to: body.date_to ?? null,
  pax: body.pax ?? null,
  account_type: body.account_type,
  cost: body.cost,
  cost_currency: body.cost_currency,
  sell: body.sell,
  sell_currency: body.sell_currency,
  payment_method: body.payment_method,
  hotel_name: body.hotel_name ?? null,
  room_type: body.room_type ?? null,
  meal: body.meal ?? null,
  cancellation_policy: body.cancellation_policy ?? null,
});

let t: TestContext;
let offers: OffersService;
let bo: Ctx;
let supplier: number;
let client: number;
const added: CreateRequestLineBody[] = [];

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  // The requests service's addLineIn, reduced to what choosing needs: the line is stored in the
  // choice's transaction.
  const lines: OfferLineMaker = {
    currentRates: async () => null,
    async addLineIn(tx, _ctx, requestId, body) {
      added.push(body);
      if (body.hotel_name === FAILING_HOTEL) {
        // the line is written, then its creation fails (a refused rule, a lost connection)
        await tx.insert(requestLines).values(lineValues(requestId, body));
        throw new Error('line creation failed');
      }
      const [row] = await tx.insert(requestLines).values(lineValues(requestId, body)).returning();
      return { id: row!.id };
    },
  };
  offers = createOffersService({ db, lines, today: () => new Date('2026-11-24T10:00:00Z') });
  bo = await ctxFor(db, 'bo@example.com');
  supplier = await makeSupplier(db, 'Maybourne Hotel Group');
  client = await makeClient(db, 'Alexander', 'Volkov');
});
afterAll(() => t.close());

const body = (over: Partial<CreateHotelOfferBody> = {}): CreateHotelOfferBody => ({
  hotel_name: "Claridge's",
  room_type: 'Deluxe',
  meal: 'Bed and breakfast',
  cancellation_policy: 'Flexible',
  supplier_id: supplier,
  date_from: '2026-03-12',
  date_to: '2026-03-15',
  pax: 2,
  cost: '9800.00',
  cost_currency: 'GBP',
  price: '12450.00',
  price_currency: 'GBP',
  ...over,
});

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe('hotel offers', () => {
  it('are created, listed in order, changed at their version and deleted', async () => {
    const req = await makeRequest(t.database.db, client);
    const a = await offers.create(bo, req.id, body());
    const b = await offers.create(bo, req.id, body({ hotel_name: 'The Connaught', price: '9800.5' }));
    expect(a).toMatchObject({ position: 1, nights: 3, price: '12450.00', line_id: null, version: 1 });
    expect(a.supplier).toEqual({ id: supplier, name: 'Maybourne Hotel Group' });
    expect(a.created_by?.name).toBe('Boris Back');
    expect((await offers.list(req.id)).map((o) => o.hotel_name)).toEqual(["Claridge's", 'The Connaught']);

    const changed = await offers.update(bo, req.id, b.id, { version: 1, meal: 'Room only', pax: null });
    expect(changed).toMatchObject({ meal: 'Room only', pax: null, price: '9800.50', version: 2 });
    expect(await codeOf(offers.update(bo, req.id, b.id, { version: 1, meal: 'Room only' }))).toBe(
      'STALE_VERSION',
    );
    expect(await codeOf(offers.update(bo, req.id, b.id, { version: 2, date_to: '2026-03-01' }))).toBe(
      'VALIDATION',
    );

    await offers.remove(bo, req.id, b.id);
    expect((await offers.list(req.id)).map((o) => o.id)).toEqual([a.id]);
    expect(await codeOf(offers.remove(bo, req.id, b.id))).toBe('NOT_FOUND');
    expect(await codeOf(offers.list(999_999))).toBe('NOT_FOUND');
  });

  it('refuse an archived or unknown supplier, any change on a canceled request and accounting requests', async () => {
    const req = await makeRequest(t.database.db, client);
    expect(await codeOf(offers.create(bo, req.id, body({ supplier_id: 999_999 })))).toBe('VALIDATION');
    const canceled = await makeRequest(t.database.db, client, [], { canceled: true });
    expect(await codeOf(offers.create(bo, canceled.id, body()))).toBe('REQUEST_CANCELED');
    const accounting = await makeRequest(t.database.db, client, [], { accounting: true });
    expect(await codeOf(offers.create(bo, accounting.id, body()))).toBe('BAD_REQUEST');
  });

  it('send a ready-to-paste message with every option and stamp them sent', async () => {
    const req = await makeRequest(t.database.db, client);
    const a = await offers.create(bo, req.id, body());
    const b = await offers.create(
      bo,
      req.id,
      body({
        hotel_name: 'The Connaught',
        room_type: 'Junior suite',
        meal: 'Room only',
        cancellation_policy: 'Non refundable',
        price: '9800.5',
      }),
    );
    const sent = await offers.send(bo, req.id, { form: 'Text', offers: [a.id, b.id] });
    if (sent.form !== 'Text') throw new Error('expected text');
    expect(sent.text).toContain('Dear Alexander Volkov,');
    expect(sent.text).toContain("Option 1: Claridge's");
    expect(sent.text).toContain('Option 2: The Connaught');
    expect(sent.text).toContain('Dates: 12–15 March 2026 (3 nights)');
    expect(sent.text).toContain('Room type: Junior suite, 2 guests');
    expect(sent.text).toContain('Meal: Room only');
    expect(sent.text).toContain('Cancellation policy: Non-refundable');
    expect(sent.text).toContain('Price: GBP 12,450.00');
    expect(sent.text).toContain('Price: GBP 9,800.50');
    expect(sent.text).toContain('Boris Back\nBespoke Lifestyle Ltd');
    expect((await offers.list(req.id)).every((o) => o.sent_at !== null)).toBe(true);
    // An offer of another request is not this request's to send.
    const other = await makeRequest(t.database.db, client);
    expect(await codeOf(offers.send(bo, other.id, { form: 'Text', offers: [a.id] }))).toBe('VALIDATION');
  });

  it('send a presentation: a landscape PDF with the company, the hotels and the prices', async () => {
    const req = await makeRequest(t.database.db, client);
    const ids = [];
    for (const name of ["Claridge's", 'The Connaught', 'Hôtel Plaza Athénée', 'The Lanesborough'])
      ids.push((await offers.create(bo, req.id, body({ hotel_name: name }))).id);
    const sent = await offers.send(bo, req.id, { form: 'Presentation', offers: ids });
    if (sent.form !== 'Presentation') throw new Error('expected a PDF');
    expect(sent.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sent.filename).toBe(`${req.number}-hotel-options.pdf`);
    const dir = mkdtempSync(join(tmpdir(), 'offers-'));
    const file = join(dir, 'offers.pdf');
    writeFileSync(file, sent.pdf);
    const info = execFileSync('pdfinfo', [file]).toString();
    expect(info).toMatch(/Pages:\s+2/); // four options: two a page
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28/); // A4 landscape
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    // The company's name is letter-spaced, so pdftotext reads it with spaces between the letters.
    expect(text.replace(/\s+/g, '')).toContain('BESPOKELIFESTYLELTD');
    for (const s of ['Claridge’s', 'The Connaught', 'Hôtel Plaza Athénée', 'The Lanesborough'])
      expect(text).toContain(s);
    expect(text).toContain('GBP 12,450.00');
    expect(text).toContain('Alexander Volkov');
  });

  it('prints a Russian client and hotel in Cyrillic; leaves out a Chinese name, which the fonts lack', async () => {
    const pdfText = async (first: string, last: string, hotel: string) => {
      const req = await makeRequest(t.database.db, await makeClient(t.database.db, first, last));
      const o = await offers.create(bo, req.id, body({ hotel_name: hotel }));
      const sent = await offers.send(bo, req.id, { form: 'Presentation', offers: [o.id] });
      if (sent.form !== 'Presentation') throw new Error('expected a PDF');
      const file = join(mkdtempSync(join(tmpdir(), 'offers-')), 'offers.pdf');
      writeFileSync(file, sent.pdf);
      return execFileSync('pdftotext', ['-layout', file, '-']).toString();
    };
    const ru = await pdfText('Анна', 'Кузнецова', 'Отель Метрополь');
    expect(ru).toContain('A stay proposed for Анна Кузнецова');
    expect(ru).toContain('Отель Метрополь');
    expect(ru).not.toContain('?');
    const cn = await pdfText('小明', '王', 'Peninsula');
    expect(cn).toContain('A stay proposed');
    expect(cn).not.toContain('A stay proposed for');
    expect(cn).toContain('Peninsula');
  });

  it('choose makes a Hotel line from the offer, once', async () => {
    const req = await makeRequest(t.database.db, client);
    const a = await offers.create(bo, req.id, body({ notes: 'High floor' }));
    const chosen = await offers.choose(bo, req.id, a.id);
    expect(chosen.line_id).not.toBeNull();
    expect(chosen.version).toBe(2);
    expect(added.at(-1)).toMatchObject({
      service_type: 'Hotel',
      supplier_id: supplier,
      hotel_name: "Claridge's",
      room_type: 'Deluxe',
      meal: 'Bed and breakfast',
      cancellation_policy: 'Flexible',
      date_from: '2026-03-12',
      date_to: '2026-03-15',
      pax: 2,
      cost: '9800.00',
      cost_currency: 'GBP',
      sell: '12450.00',
      sell_currency: 'GBP',
      account_type: 'Toms EU',
      payment_method: 'Wire',
      description: 'High floor',
    });
    expect(await codeOf(offers.choose(bo, req.id, a.id))).toBe('OFFER_ALREADY_CHOSEN');
    expect(await codeOf(offers.update(bo, req.id, a.id, { version: 2, pax: 3 }))).toBe(
      'OFFER_ALREADY_CHOSEN',
    );
    expect(await codeOf(offers.remove(bo, req.id, a.id))).toBe('OFFER_ALREADY_CHOSEN');
    const lines = await t.database.db.select().from(requestLines).where(eq(requestLines.request_id, req.id));
    expect(lines).toHaveLength(1);
  });

  it('choose is one transaction: a line creation that fails leaves the offer unchosen and no line', async () => {
    const req = await makeRequest(t.database.db, client);
    const a = await offers.create(bo, req.id, body({ hotel_name: FAILING_HOTEL }));
    await expect(offers.choose(bo, req.id, a.id)).rejects.toThrow('line creation failed');
    expect(added.at(-1)?.hotel_name).toBe(FAILING_HOTEL);
    const after = await offers.get(req.id, a.id);
    expect(after).toMatchObject({ line_id: null, version: 1 });
    const lines = await t.database.db.select().from(requestLines).where(eq(requestLines.request_id, req.id));
    expect(lines).toHaveLength(0);
    const history = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'hotel_offer'), eq(auditLog.entity_id, a.id)));
    expect(history).toHaveLength(1); // created, never chosen
  });
});

describe('offer formatting', () => {
  it('writes money with grouped thousands and two places, from strings', () => {
    expect(formatMoney('12450', 'GBP')).toBe('GBP 12,450.00');
    expect(formatMoney('1234567.5', 'AED')).toBe('AED 1,234,567.50');
    expect(formatMoney('0.1', 'EUR')).toBe('EUR 0.10');
    expect(formatMoney('999999999999.99', 'USD')).toBe('USD 999,999,999,999.99');
  });

  it('writes stays compactly', () => {
    expect(formatStay('2026-03-12', '2026-03-15')).toBe('12–15 March 2026');
    expect(formatStay('2026-03-28', '2026-04-02')).toBe('28 March – 2 April 2026');
    expect(formatStay('2026-12-30', '2027-01-02')).toBe('30 December 2026 – 2 January 2027');
  });

  it('names the room types of the value list as a client reads them', () => {
    expect(roomLabel('All possible')).toBe('Best available room');
    expect(roomLabel('One bedroom suite and higher')).toBe('One-bedroom suite or higher');
    expect(roomLabel('Deluxe')).toBe('Deluxe');
  });

  it('puts two or three options on a page', () => {
    const sizes = (n: number) => pageGroups(Array.from({ length: n }, (_, i) => i)).map((g) => g.length);
    expect(sizes(1)).toEqual([1]);
    expect(sizes(3)).toEqual([3]);
    expect(sizes(4)).toEqual([2, 2]);
    expect(sizes(5)).toEqual([3, 2]);
    expect(sizes(7)).toEqual([3, 2, 2]);
  });

  it('keeps Latin and Cyrillic letters and typographic quotes, and marks scripts the PDF fonts lack', () => {
    expect(pdfSafe("Claridge's Café")).toBe('Claridge’s Café');
    expect(pdfSafe('Ритц, Ёлка')).toBe('Ритц, Ёлка');
    expect(pdfSafe('王小明')).toBe('???');
  });
});
