import { describe, expect, it } from 'vitest';
import type { ListState } from '../../../../ui/list/list-params.ts';
import { matchingQuery, selectedTransactionId } from './matching-filters.ts';

const state = (filters: Record<string, string>, search = ''): ListState => ({
  page: 2,
  pageSize: 50,
  ordering: '-date',
  search,
  filters,
});

describe('matchingQuery', () => {
  it('sends the valid filters, unmatched lines unless asked for all', () => {
    expect(
      matchingQuery(
        state(
          { bank: '3', type: 'RECEIVE-OVERPAYMENT', date_from: '2026-03-01', date_to: '2026-03-31' },
          ' belova ',
        ),
      ),
    ).toEqual({
      limit: 50,
      offset: 50,
      ordering: '-date',
      match_status: 'unmatched',
      search: 'belova',
      bank: 3,
      type: 'RECEIVE-OVERPAYMENT',
      date_from: '2026-03-01',
      date_to: '2026-03-31',
    });
    expect(matchingQuery(state({ matched: 'true' }))).not.toHaveProperty('match_status');
  });

  it('leaves out hand-edited values the API would refuse', () => {
    const query = matchingQuery(
      state({ bank: '2147483648', type: 'SPEND-TRANSFER', date_from: '1 March', date_to: '2026-3-1' }),
    );
    expect(query).not.toHaveProperty('bank');
    expect(query).not.toHaveProperty('type');
    expect(query).not.toHaveProperty('date_from');
    expect(query).not.toHaveProperty('date_to');
  });
});

describe('selectedTransactionId', () => {
  it('reads an id that fits the database, else null', () => {
    expect(selectedTransactionId(state({ transaction: '2147483647' }))).toBe(2147483647);
    expect(selectedTransactionId(state({ transaction: '2147483648' }))).toBeNull();
    expect(selectedTransactionId(state({ transaction: '0' }))).toBeNull();
    expect(selectedTransactionId(state({}))).toBeNull();
  });
});
