import type { CreateRequestLineBody } from '@app/shared/requests/requests.schemas';
import { describe, expect, it } from 'vitest';
import {
  deadlinesOverCost,
  fieldEditable,
  LineFormSchema,
  lineBody,
  lineLock,
  lineUpdateBody,
  newLineForm,
} from './line-form-values.ts';

const hotel: CreateRequestLineBody = {
  service_type: 'Hotel',
  supplier_id: 5,
  account_type: 'Toms EU',
  cost: '1000.00',
  cost_currency: 'GBP',
  sell: '1250.00',
  sell_currency: 'GBP',
  payment_method: 'Wire',
  hotel_name: 'The Ritz',
  room_type: 'Deluxe',
  meal: 'Room only',
  cancellation_policy: 'Flexible',
  flight_class: null,
  route: '',
  hour_from: '14',
  minute_from: '05',
  description: 'Late check-in',
  deadlines: [{ type: 'Prepayment', due_date: '2026-06-01', amount: '400.00' }],
};

describe('the line form', () => {
  it('refuses deadlines over the cost, exactly to the cent', () => {
    const deadlines = [
      { type: 'Prepayment', due_date: '2026-06-01', amount: '600.00' },
      { type: 'Final payment', due_date: '2026-06-10', amount: '400.01' },
    ];
    expect(deadlinesOverCost({ cost: '1000.00', deadlines })).toBe(true);
    expect(deadlinesOverCost({ cost: '1000.01', deadlines })).toBe(false);
    const result = LineFormSchema.safeParse({ ...newLineForm(), ...hotel, deadlines });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['deadlines', "The deadline payments add up to more than the line's cost"],
    ]);
  });

  it('needs a supplier on every line but an Accounting one', () => {
    const issues = (line: object) =>
      LineFormSchema.safeParse(line).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues({ ...newLineForm(), ...hotel, supplier_id: null })).toEqual(['supplier_id']);
    expect(
      issues({
        ...newLineForm('accounting'),
        ...hotel,
        service_type: 'Accounting',
        supplier_id: null,
        cost: '0',
        deadlines: [],
      }),
    ).toEqual([]);
  });

  it('clears the fields of other service types', () => {
    const air = lineBody({
      ...hotel,
      service_type: 'Air tickets',
      flight_class: 'First',
      route: 'LHR – DXB',
    });
    expect(air).toMatchObject({
      hotel_name: '',
      room_type: null,
      meal: null,
      cancellation_policy: null,
      flight_class: 'First',
      route: 'LHR – DXB',
      service_subtype: null,
    });
  });

  it('sends of a confirmed line only its times, description and deadlines, and of a closed one its deadlines', () => {
    expect(lineLock(null)).toBe('open');
    expect(lineLock('Confirmed')).toBe('stamped');
    expect(lineLock('Invoiced')).toBe('closed');
    expect(fieldEditable('stamped', 'cost')).toBe(false);
    expect(fieldEditable('stamped', 'minute_to')).toBe(true);
    expect(fieldEditable('closed', 'description')).toBe(false);
    expect(lineUpdateBody(hotel, 'stamped', 3)).toEqual({
      hour_from: '14',
      minute_from: '05',
      hour_to: null,
      minute_to: null,
      description: 'Late check-in',
      deadlines: hotel.deadlines,
      version: 3,
    });
    expect(lineUpdateBody(hotel, 'closed', 3)).toEqual({ deadlines: hotel.deadlines, version: 3 });
    expect(lineUpdateBody(hotel, 'open', 3)).toMatchObject({ cost: '1000.00', version: 3 });
  });
});
