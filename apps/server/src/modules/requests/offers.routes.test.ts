import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/env.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { buildWorld, postRates, type RequestsWorld, requestBody } from './requests.test-support.ts';

/**
 * The whole path through the API, as the browser takes it: BO collects two offers, FO sends them
 * as text and as a presentation, the chosen one becomes a line, BO submits the request to the LOG,
 * the accountant sends it back, BO resubmits, the accountant confirms; the header search finds it.
 */
let t: TestContext;
let w: RequestsWorld;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t);
  await postRates(t, w);
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.request({ method, url, token, ...(payload !== undefined && { payload: payload as never }) });

const offer = (over: Record<string, unknown> = {}) => ({
  hotel_name: 'Hotel de Crillon',
  room_type: 'Deluxe',
  meal: 'Bed and breakfast',
  cancellation_policy: 'Flexible',
  supplier_id: w.supplier.ritz,
  date_from: '2026-06-01',
  date_to: '2026-06-05',
  pax: 2,
  cost: '8000.00',
  cost_currency: 'EUR',
  price: '9450.00',
  price_currency: 'GBP',
  ...over,
});

describe('offers and the LOG through the API', () => {
  it('goes from two offers to a confirmed LOG record, and the search finds the request', async () => {
    const created = await call(
      w.token.FO,
      'POST',
      'requests/',
      requestBody(w, { description: 'Paris in June' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().data as { id: number; number: string };

    // Offers: operations write, everyone reads; bad input is a 400 under the field.
    const a = await call(w.token.BO, 'POST', `requests/${request.id}/offers/`, offer());
    expect(a.statusCode, a.body).toBe(201);
    const b = await call(
      w.token.BO,
      'POST',
      `requests/${request.id}/offers/`,
      offer({ hotel_name: 'Le Bristol Paris', price: '11200.00' }),
    );
    expect(b.statusCode).toBe(201);
    expect(
      (await call(w.token.Accountant, 'POST', `requests/${request.id}/offers/`, offer())).statusCode,
    ).toBe(403);
    const bad = await call(
      w.token.BO,
      'POST',
      `requests/${request.id}/offers/`,
      offer({ price: '-1', room_type: 'Igloo' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ price: expect.any(Array), room_type: expect.any(Array) });
    const listed = await call(w.token.Accountant, 'GET', `requests/${request.id}/offers/`);
    expect(listed.json().data.map((o: { hotel_name: string }) => o.hotel_name)).toEqual([
      'Hotel de Crillon',
      'Le Bristol Paris',
    ]);
    const [offerA, offerB] = [a.json().data, b.json().data];

    const patched = await call(w.token.BO, 'PATCH', `requests/${request.id}/offers/${offerB.id}/`, {
      version: 1,
      pax: 3,
    });
    expect(patched.json().data).toMatchObject({ pax: 3, version: 2 });
    expect(
      (await call(w.token.BO, 'PATCH', `requests/${request.id}/offers/${offerB.id}/`, { version: 1, pax: 4 }))
        .statusCode,
    ).toBe(409);

    // Each change is in the offer's history; an unknown request is a 404.
    const history = await call(w.token.FO, 'GET', `audit/?entity=hotel_offer&entity_id=${offerB.id}`);
    expect(history.json().data.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    expect((await call(w.token.FO, 'GET', 'requests/99999/offers/')).statusCode).toBe(404);

    // Send as text, then as a PDF.
    const text = await call(w.token.FO, 'POST', `requests/${request.id}/offers/send/`, {
      form: 'Text',
      offers: [offerA.id, offerB.id],
    });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().data.text).toContain('Dear Anna Karenina,');
    expect(text.json().data.text).toContain('Price: GBP 11,200.00');
    const pdf = await call(w.token.FO, 'POST', `requests/${request.id}/offers/send/`, {
      form: 'Presentation',
      offers: [offerA.id, offerB.id],
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The client picks the Crillon: it becomes a Hotel line, once.
    const chosen = await call(w.token.FO, 'POST', `requests/${request.id}/offers/${offerA.id}/choose/`);
    expect(chosen.statusCode, chosen.body).toBe(200);
    const lineId = chosen.json().data.line_id as number;
    const again = await call(w.token.FO, 'POST', `requests/${request.id}/offers/${offerA.id}/choose/`);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].code).toBe('offer_already_chosen');
    const page = (await call(w.token.FO, 'GET', `requests/${request.id}/`)).json().data;
    const line = page.lines.find((l: { id: number }) => l.id === lineId);
    expect(line).toMatchObject({
      service_type: 'Hotel',
      hotel_name: 'Hotel de Crillon',
      room_type: 'Deluxe',
      meal: 'Bed and breakfast',
      cancellation_policy: 'Flexible',
      cost: '8000.00',
      cost_currency: 'EUR',
      sell: '9450.00',
      sell_currency: 'GBP',
      payment_method: 'Wire',
      account_type: 'Toms EU',
    });

    // The LOG: nothing to hand over until the line is confirmed; FO may not submit.
    const early = await call(w.token.BO, 'POST', `requests/${request.id}/submit/`);
    expect(early.json().errors[0].code).toBe('log_nothing_to_submit');
    const confirmLine = await call(w.token.BO, 'POST', `requests/${request.id}/lines/${lineId}/status/`, {
      status: 'Confirmed',
      version: line.version,
    });
    expect(confirmLine.statusCode, confirmLine.body).toBe(200);
    expect((await call(w.token.FO, 'POST', `requests/${request.id}/submit/`)).statusCode).toBe(403);
    const submitted = await call(w.token.BO, 'POST', `requests/${request.id}/submit/`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const record = submitted.json().data;
    expect(record.status).toBe('NEW');

    expect((await call(w.token.BO, 'POST', `log/${record.id}/confirm/`, { version: 1 })).statusCode).toBe(
      403,
    );
    const noComment = await call(w.token.Accountant, 'POST', `log/${record.id}/correction/`, {
      version: 1,
      comment: ' ',
    });
    expect(noComment.json().errors.comment).toEqual(['Required field']);
    const back = await call(w.token.Accountant, 'POST', `log/${record.id}/correction/`, {
      version: 1,
      comment: 'Attach the hotel confirmation',
    });
    expect(back.json().data.status).toBe('SENT FOR CORRECTION');
    const resubmitted = await call(w.token.BO, 'POST', `requests/${request.id}/submit/`);
    expect(resubmitted.json().data).toMatchObject({ id: record.id, status: 'NEW', version: 3 });
    const confirmed = await call(w.token.Accountant, 'POST', `log/${record.id}/confirm/`, { version: 3 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.events.map((e: { action: string }) => e.action)).toEqual([
      'submitted',
      'sent_for_correction',
      'resubmitted',
      'confirmed',
    ]);
    const after = (await call(w.token.FO, 'GET', `requests/${request.id}/`)).json().data;
    expect(after.lines.find((l: { id: number }) => l.id === lineId).status).toBe('Accounted');
    expect(after.status).toBe('Accounted');
    const logList = await call(w.token.FO, 'GET', `log/?search=${request.number}`);
    expect(logList.json().data.map((r: { id: number }) => r.id)).toEqual([record.id]);
    expect((await call(w.token.FO, 'GET', `log/${record.id}/`)).json().data.events).toHaveLength(4);

    // The header search: by hotel name and by number.
    const byHotel = (await call(w.token.Accountant, 'GET', 'search/?search=crillon&type=requests')).json()
      .data;
    expect(byHotel.requests.map((r: { number: string }) => r.number)).toEqual([request.number]);
    expect(byHotel.requests[0]).toMatchObject({
      client: { name: 'Anna Karenina' },
      status: 'Accounted',
      date_from: '2026-06-01',
      date_to: '2026-06-05',
    });
    expect(byHotel.clients).toEqual([]);
    const byNumber = (await call(w.token.FO, 'GET', `search/?search=${request.number}`)).json().data;
    expect(byNumber.requests.map((r: { id: number }) => r.id)).toEqual([request.id]);

    // A canceled request takes no offer changes.
    const other = (await call(w.token.FO, 'POST', 'requests/', requestBody(w))).json().data;
    const cancel = await call(w.token.FO, 'POST', `requests/${other.id}/cancel/`, { version: other.version });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refused = await call(w.token.BO, 'POST', `requests/${other.id}/offers/`, offer());
    expect(refused.json().errors[0].code).toBe('request_canceled');
  });

  it('a choice whose line is refused changes nothing: the offer stays unchosen, no line, the same version', async () => {
    const supplier = await call(w.token.Admin, 'POST', 'suppliers/', {
      name: 'Closing Palace',
      type: 'Hotel',
    });
    expect(supplier.statusCode, supplier.body).toBe(201);
    const supplierId = supplier.json().data.id as number;
    const request = (await call(w.token.FO, 'POST', 'requests/', requestBody(w))).json().data;
    const created = await call(
      w.token.BO,
      'POST',
      `requests/${request.id}/offers/`,
      offer({ supplier_id: supplierId }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const before = (await call(w.token.FO, 'GET', `requests/${request.id}/`)).json().data;
    // the supplier closes after the offer was made: the line's rules refuse it
    await call(w.token.Admin, 'POST', `suppliers/${supplierId}/archive/`);
    const chosen = await call(
      w.token.BO,
      'POST',
      `requests/${request.id}/offers/${created.json().data.id}/choose/`,
    );
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json().errors).toEqual({ supplier_id: ['This record is archived; choose another'] });
    const offers = (await call(w.token.BO, 'GET', `requests/${request.id}/offers/`)).json().data;
    expect(offers).toMatchObject([{ line_id: null, version: 1 }]);
    const after = (await call(w.token.FO, 'GET', `requests/${request.id}/`)).json().data;
    expect(after.lines).toHaveLength(before.lines.length);
    expect(after.version).toBe(before.version);
  });
});

// PGlite serialises transactions; the races run on PostgreSQL only.
describe.runIf(onPostgres)('races on PostgreSQL', () => {
  it('choosing one offer twice at once makes one line; submitting twice at once opens one record', async () => {
    const request = (await call(w.token.FO, 'POST', 'requests/', requestBody(w))).json().data;
    const created = await call(w.token.BO, 'POST', `requests/${request.id}/offers/`, offer());
    const id = created.json().data.id;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(w.token.FO, 'POST', `requests/${request.id}/offers/${id}/choose/`),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400]);
    const page = (await call(w.token.FO, 'GET', `requests/${request.id}/`)).json().data;
    expect(page.lines).toHaveLength(1);
    const line = page.lines[0];
    await call(w.token.BO, 'POST', `requests/${request.id}/lines/${line.id}/status/`, {
      status: 'Confirmed',
      version: line.version,
    });
    const submits = await Promise.all(
      Array.from({ length: 4 }, () => call(w.token.BO, 'POST', `requests/${request.id}/submit/`)),
    );
    expect(submits.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400]);
    const records = (await call(w.token.BO, 'GET', `log/?request=${request.id}`)).json();
    expect(records.meta.total).toBe(1);
  });
});
