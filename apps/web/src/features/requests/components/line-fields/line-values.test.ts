import { describe, expect, it } from 'vitest';
import { LINE_FIELDS, lineIssues, newLine, otherTypesCleared } from './line-values.ts';

describe('a service line, on the create page and in the line drawer', () => {
  it('starts as a Hotel paid by wire in the given currency; an accounting one as Accounting at cost 0', () => {
    const hotel = newLine('service', 'GBP');
    expect(hotel).toMatchObject({
      service_type: 'Hotel',
      payment_method: 'Wire',
      cost: '',
      cost_currency: 'GBP',
      sell_currency: 'GBP',
    });
    expect(newLine('accounting', null)).toMatchObject({
      service_type: 'Accounting',
      cost: '0',
      cost_currency: null,
    });
  });

  it('names every field of a line, for the server’s field messages', () => {
    expect([...LINE_FIELDS].sort()).toEqual(Object.keys(newLine('service', null)).sort());
  });

  it('wants a supplier except on an Accounting line, and an end not before the start', () => {
    expect(lineIssues({ service_type: 'Hotel', supplier_id: null })).toEqual({
      supplier_id: 'Required field',
    });
    expect(lineIssues({ service_type: 'Accounting', supplier_id: null })).toEqual({});
    expect(
      lineIssues({ service_type: 'Hotel', supplier_id: 5, date_from: '2026-06-02', date_to: '2026-06-01' }),
    ).toEqual({ date_to: 'Invalid field value' });
    expect(
      lineIssues({ service_type: 'Hotel', supplier_id: 5, date_from: '2026-06-01', date_to: '2026-06-01' }),
    ).toEqual({});
  });

  it('clears the fields of the other service types', () => {
    const hotel = {
      ...newLine('service', 'GBP'),
      hotel_name: 'The Ritz',
      room_type: 'Deluxe',
      route: 'LHR – DXB',
    };
    expect(otherTypesCleared(hotel)).toMatchObject({
      hotel_name: 'The Ritz',
      room_type: 'Deluxe',
      route: '',
    });
    expect(otherTypesCleared({ ...hotel, service_type: 'Transfer', service_subtype: 'VIP' })).toMatchObject({
      hotel_name: '',
      room_type: null,
      route: '',
      service_subtype: null,
    });
    expect(
      otherTypesCleared({ ...hotel, service_type: 'Other', service_subtype: 'Visa' }).service_subtype,
    ).toBe('Visa');
  });
});
