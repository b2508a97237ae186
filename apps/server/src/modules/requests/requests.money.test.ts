import { sampleRecords } from '@app/shared/rates/rates.fixtures';
import { describe, expect, it } from 'vitest';
import { stampOf, toBase, totalsOf, valueLine } from './requests.money.ts';
import type { RequestLineWithSupplier } from './requests.repository.ts';
import { summarize } from './requests.summary.ts';

const now = { id: 7, rates: sampleRecords() };
const line = (over: Partial<RequestLineWithSupplier> = {}) =>
  ({
    sell: '1200.00',
    sell_currency: 'EUR',
    cost: '1000.00',
    cost_currency: 'GBP',
    rate_set_id: null,
    sell_base: null,
    cost_base: null,
    status: null,
    service_type: 'Hotel',
    supplier_name: 'Ritz',
    date_from: null,
    date_to: null,
    hotel_name: null,
    route: null,
    description: null,
    ...over,
  }) as RequestLineWithSupplier;

describe('valuation', () => {
  it('rounds half up to 2 places with decimals, never floats', () => {
    expect(toBase('0.005', '1')).toBe('0.01');
    expect(toBase('1.15', '1.1')).toBe('1.27');
    expect(toBase('999999999999.99', '1.000001')).toBe('1000000999999.99');
  });

  it('values an unconfirmed line at the newest set: sell rate for sell, buy rate for cost', () => {
    // EUR→GBP sell 0.8503 (1 / 1.1760), USD→GBP buy 0.7905 (1 / 1.2650)
    expect(valueLine(line({ cost_currency: 'USD' }), 'GBP', now)).toEqual({
      sell_base: '1020.36',
      cost_base: '790.50',
      margin: '229.86',
      rate_set_id: 7,
      margin_at: 'current',
    });
  });

  it('needs no set when every currency is the base one, and reports what it cannot convert', () => {
    expect(valueLine(line({ sell_currency: 'GBP' }), 'GBP', null)).toMatchObject({
      margin: '200.00',
      rate_set_id: null,
    });
    expect(valueLine(line(), 'GBP', null)).toMatchObject({ margin: null, margin_at: 'current' });
    expect(stampOf(line(), 'GBP', null)).toBeNull();
  });

  it('keeps a stamped line at its stamp whatever the rates now', () => {
    const stamp = stampOf(line(), 'GBP', now)!;
    expect(stamp).toEqual({
      rate_set_id: 7,
      sell_rate: '0.8503',
      cost_rate: '1',
      sell_base: '1020.36',
      cost_base: '1000.00',
    });
    expect(valueLine(line(stamp), 'GBP', null)).toEqual({
      sell_base: '1020.36',
      cost_base: '1000.00',
      margin: '20.36',
      rate_set_id: 7,
      margin_at: 'stamped',
    });
  });

  it('totals the live lines and flags the ones it cannot convert', () => {
    const v = (sell: string | null, cost: string | null) => ({
      sell_base: sell,
      cost_base: cost,
      margin: null,
      rate_set_id: null,
      margin_at: 'current' as const,
    });
    expect(
      totalsOf([
        { live: true, value: v('10.10', '5.05') },
        { live: false, value: v('100.00', '1.00') },
        { live: true, value: v('0.20', '0.30') },
      ]),
    ).toEqual({ sell: '10.30', cost: '5.35', margin: '4.95', rates_missing: false });
    expect(totalsOf([{ live: true, value: v(null, null) }]).rates_missing).toBe(true);
  });
});

describe('summarize', () => {
  const request = {
    number: 'BSLF-2026-00042',
    canceled_at: null,
    description: 'Anniversary',
    base_currency: 'GBP',
  };

  it('derives status, dates, services, suppliers, totals and search words from the lines', () => {
    const s = summarize(
      request,
      'Anna Karenina',
      [
        line({
          status: 'Confirmed',
          ...stampOf(line(), 'GBP', now)!,
          date_from: '2026-06-01',
          date_to: '2026-06-05',
        }),
        line({
          service_type: 'Transportation',
          supplier_name: 'Cars',
          sell_currency: 'GBP',
          date_from: '2026-05-30',
          route: 'Nice airport',
        }),
        line({
          service_type: 'Other',
          status: 'Canceled',
          supplier_name: 'Flowers Ltd',
          date_to: '2027-01-01',
        }),
      ],
      now,
    );
    expect(s).toMatchObject({
      status: 'In progress',
      date_from: '2026-05-30',
      date_to: '2026-06-05',
      service_types: ['Hotel', 'Transportation', 'Other'],
      supplier_names: 'Ritz, Cars, Flowers Ltd',
      sell_total: '2220.36',
      margin: '220.36',
      lines_count: 3,
    });
    for (const word of ['bslf', '00042', 'anna', 'karenina', 'ritz', 'nice', 'anniversary'])
      expect(s.search_vector).toContain(`'${word}'`);
  });

  it('is Canceled once the request is, and New without lines', () => {
    expect(summarize({ ...request, canceled_at: new Date() }, 'A', [line()], now).status).toBe('Canceled');
    expect(summarize(request, 'A', [], now)).toMatchObject({
      status: 'New',
      date_from: null,
      sell_total: '0.00',
      lines_count: 0,
    });
  });
});
