import { describe, expect, it } from 'vitest';
import {
  CreateRequestBodySchema,
  CreateRequestLineBodySchema,
  UpdateRequestBodySchema,
} from './requests.schemas.ts';
import { deriveRequestStatus } from './requests.status.ts';

const line = {
  service_type: 'Hotel',
  supplier_id: 3,
  account_type: 'Toms EU',
  cost: '1000.00',
  cost_currency: 'GBP',
  sell: '1250.50',
  sell_currency: 'GBP',
  payment_method: 'Wire',
};

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('service line body', () => {
  it('accepts a plain line and keeps money as strings', () => {
    const r = CreateRequestLineBodySchema.parse({ ...line, cost: 99.5 });
    expect(r.cost).toBe('99.5');
    expect(r.sell).toBe('1250.50');
  });

  it('refuses a negative, three decimals and a decimal comma (cost 0 is for the server to judge)', () => {
    expect(CreateRequestLineBodySchema.safeParse({ ...line, sell: '0' }).success).toBe(false);
    for (const cost of ['-1', '1.005', '1,5'])
      expect(CreateRequestLineBodySchema.safeParse({ ...line, cost }).success, cost).toBe(false);
  });

  it('takes hours 00-23 and minutes in steps of 5', () => {
    expect(
      CreateRequestLineBodySchema.safeParse({ ...line, hour_from: '23', minute_from: '55' }).success,
    ).toBe(true);
    expect(errorsOf(CreateRequestLineBodySchema.safeParse({ ...line, hour_from: '24' }))).toHaveProperty(
      'hour_from',
    );
    expect(errorsOf(CreateRequestLineBodySchema.safeParse({ ...line, minute_to: '07' }))).toHaveProperty(
      'minute_to',
    );
  });

  it('needs a subtype for Other, and only for Other', () => {
    expect(errorsOf(CreateRequestLineBodySchema.safeParse({ ...line, service_type: 'Other' }))).toEqual({
      service_subtype: 'Required field',
    });
    expect(
      CreateRequestLineBodySchema.safeParse({ ...line, service_type: 'Other', service_subtype: 'Flowers' })
        .success,
    ).toBe(true);
    expect(errorsOf(CreateRequestLineBodySchema.safeParse({ ...line, service_subtype: 'Flowers' }))).toEqual({
      service_subtype: 'Invalid field value',
    });
  });

  it('refuses an end before the start', () => {
    expect(
      errorsOf(
        CreateRequestLineBodySchema.safeParse({ ...line, date_from: '2026-05-02', date_to: '2026-05-01' }),
      ),
    ).toEqual({ date_to: 'Invalid field value' });
  });
});

describe('request bodies', () => {
  const body = { company_id: 1, client_id: 2, fo_manager_id: 3, region_id: 1 };

  it('takes deadlines in a line', () => {
    const ok = CreateRequestLineBodySchema.safeParse({
      ...line,
      deadlines: [{ type: 'Prepayment', due_date: '2026-05-01', amount: '10.00' }],
    });
    expect(ok.success).toBe(true);
    const bad = CreateRequestLineBodySchema.safeParse({
      ...line,
      deadlines: [{ type: 'Soon', due_date: '2026-02-30', amount: '0' }],
    });
    expect(Object.keys(errorsOf(bad)).sort()).toEqual([
      'deadlines.0.amount',
      'deadlines.0.due_date',
      'deadlines.0.type',
    ]);
  });

  it('are strict', () => {
    expect(CreateRequestBodySchema.safeParse({ ...body, status: 'New' }).success).toBe(false);
    expect(UpdateRequestBodySchema.safeParse({ version: 1, company_id: 2 }).success).toBe(false);
  });

  it('names the field of a bad line', () => {
    const r = CreateRequestBodySchema.safeParse({ ...body, lines: [line, { ...line, sell: 'x' }] });
    expect(errorsOf(r)).toEqual({ 'lines.1.sell': 'Invalid field value' });
  });

  it('needs the version on update', () => {
    expect(errorsOf(UpdateRequestBodySchema.safeParse({}))).toEqual({ version: 'Required field' });
  });
});

describe('deriveRequestStatus', () => {
  const of = (...s: Array<'Confirmed' | 'Invoiced' | 'Accounted' | 'Canceled' | null>) =>
    deriveRequestStatus(s.map((status) => ({ status })));

  it('follows the least advanced live line', () => {
    expect(of()).toBe('New');
    expect(of(null, null)).toBe('New');
    expect(of(null, 'Confirmed')).toBe('In progress');
    expect(of('Confirmed', 'Invoiced')).toBe('Confirmed');
    expect(of('Invoiced', 'Accounted', 'Canceled')).toBe('Invoiced');
    expect(of('Accounted')).toBe('Accounted');
    expect(of('Canceled', 'Canceled')).toBe('Canceled');
    expect(of('Canceled', null)).toBe('New');
  });
});
