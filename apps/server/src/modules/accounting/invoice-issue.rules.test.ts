import { describe, expect, it } from 'vitest';
import type { InvoicingLineRow } from '../requests/requests.invoicing.ts';
import { checkIssueLines } from './invoice-issue.rules.ts';
import { describeLine } from './invoices.mappers.ts';

// The database refuses a sell of zero or less and an unknown account type on request lines, so
// these two rules cannot be reached through the API: they are checked on the rows here.

const request = { number: 'BSLF-2026-00042', client_id: 1, company_id: 1 };

function row(id: number, over: Record<string, unknown> = {}): InvoicingLineRow {
  return {
    line: {
      id,
      request_id: 7,
      position: id,
      status: 'Confirmed',
      account_type: 'Toms EU',
      sell: '100.00',
      sell_currency: 'GBP',
      ...over,
    } as unknown as InvoicingLineRow['line'],
    request: { id: 7, number: request.number, client_id: 1, company_id: 1, canceled_at: null },
  };
}

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    const e = err as { code: string; message: string };
    return { code: e.code, detail: e.message };
  }
  return null;
};

describe('checkIssueLines', () => {
  it('answers the currency and the exact total', () => {
    expect(
      checkIssueLines(
        request,
        [1, 2],
        [row(1, { sell: '0.10' }), row(2, { sell: '0.20' })],
        new Map(),
        undefined,
      ),
    ).toEqual({
      currency: 'GBP',
      total: '0.30',
    });
  });

  it('invalid_total for a total of zero or less', () => {
    expect(
      refusal(() => checkIssueLines(request, [1], [row(1, { sell: '0.00' })], new Map(), undefined)),
    ).toEqual({
      code: 'INVALID_TOTAL',
      detail: 'The invoice total must be above zero (it is GBP 0.00).',
    });
  });

  it('unknown_vat_treatment for an account type outside the three', () => {
    expect(
      refusal(() =>
        checkIssueLines(
          request,
          [1, 2],
          [row(1), row(2, { account_type: 'Standard' })],
          new Map(),
          undefined,
        ),
      ),
    ).toEqual({
      code: 'UNKNOWN_VAT_TREATMENT',
      detail:
        'Line 2 of BSLF-2026-00042 has the account type "Standard", which has no VAT treatment: use Toms EU, Toms non EU or Disbursement.',
    });
  });

  it('line_already_invoiced for an Accounted line, and for a Confirmed line still on a live invoice', () => {
    expect(
      refusal(() => checkIssueLines(request, [1], [row(1, { status: 'Accounted' })], new Map(), undefined)),
    ).toEqual({
      code: 'LINE_ALREADY_INVOICED',
      detail: 'Line 1 of BSLF-2026-00042 is already invoiced.',
    });
    expect(
      refusal(() => checkIssueLines(request, [1], [row(1)], new Map([[1, 'BSLF-INV-2026-0003']]), undefined))
        ?.detail,
    ).toBe(
      'Line 1 of BSLF-2026-00042 is already on invoice BSLF-INV-2026-0003: credit it first to invoice it again.',
    );
  });
});

describe('describeLine', () => {
  it('names the service, where, pax and the description; a route for a flight', () => {
    const base = {
      service_type: 'Hotel',
      service_subtype: null,
      hotel_name: 'The Ritz',
      room_type: 'Deluxe',
      meal: 'Breakfast',
      route: null,
      flight_class: null,
      pax: 2,
      description: 'Late check-out',
    };
    expect(describeLine(base)).toBe('Hotel: The Ritz, Deluxe, Breakfast · 2 pax · Late check-out');
    expect(
      describeLine({
        ...base,
        service_type: 'Private jet',
        hotel_name: null,
        room_type: null,
        meal: null,
        route: 'LTN – NCE',
        pax: null,
        description: null,
      }),
    ).toBe('Private jet: LTN – NCE');
    expect(
      describeLine({
        ...base,
        service_type: 'Other',
        service_subtype: 'Guide',
        hotel_name: null,
        room_type: null,
        meal: null,
      }),
    ).toBe('Guide · 2 pax · Late check-out');
  });
});
