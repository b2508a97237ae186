import { describe, expect, it } from 'vitest';
import { parseListState } from '../../../../ui/list/list-params.ts';
import { REQUESTS_LIST, requestsExportQuery, requestsQuery } from './requests-filters.ts';

const stateOf = (query: string) =>
  parseListState(new URLSearchParams(query), REQUESTS_LIST.filterKeys, {
    ordering: REQUESTS_LIST.defaultOrdering,
  });

describe('requestsQuery', () => {
  it('names every filter as GET requests/ does, with paging and the newest first by default', () => {
    expect(requestsQuery(stateOf('page=3&page_size=50&client=12&fo_manager=3&invoice=has'))).toEqual({
      limit: 50,
      offset: 100,
      ordering: '-created_at',
      client: 12,
      fo_manager: 3,
      invoice: 'has',
    });
  });

  it('leaves out what the API would refuse', () => {
    expect(
      requestsQuery(
        stateOf(
          'ordering=price&region=0&bo_manager=99999999999&date_to=2026-5-1&service_type=Yacht&status=new',
        ),
      ),
    ).toEqual({ limit: 20, offset: 0, ordering: '-created_at' });
  });

  it('passes a line’s status from the URL (the workspace’s link), not a made-up one', () => {
    expect(requestsQuery(stateOf('line_status=Confirmed'))).toEqual({
      limit: 20,
      offset: 0,
      ordering: '-created_at',
      line_status: 'Confirmed',
    });
    expect(requestsQuery(stateOf('line_status=confirmed')).line_status).toBeUndefined();
    expect(requestsExportQuery(stateOf('line_status=Invoiced&company=BSLF'))).toEqual({
      ordering: '-created_at',
      company: 'BSLF',
      line_status: 'Invoiced',
    });
  });

  it('exports the same filters and ordering without paging', () => {
    expect(requestsExportQuery(stateOf('page=2&ordering=-margin&company=AIRS&search=%20ritz%20'))).toEqual({
      ordering: '-margin',
      company: 'AIRS',
      search: 'ritz',
    });
  });
});
