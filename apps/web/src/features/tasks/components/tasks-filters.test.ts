import { describe, expect, it } from 'vitest';
import { parseListState } from '../../../ui/list/list-params.ts';
import { boardQuery, scopeOf, TASKS_LIST, tasksFiltered, tasksQuery, viewOf } from './tasks-filters.ts';

const stateOf = (query: string) =>
  parseListState(new URLSearchParams(query), TASKS_LIST.filterKeys, { ordering: TASKS_LIST.defaultOrdering });

describe('tasks list filters', () => {
  it('turns the URL into the API query, mine by deadline by default', () => {
    expect(tasksQuery(stateOf(''), false)).toEqual({
      scope: 'mine',
      ordering: 'deadline',
      limit: 20,
      offset: 0,
    });
    expect(
      tasksQuery(
        stateOf(
          'scope=assigned&status=Control&priority=Urgent&overdue=true&search=%20visa%20&ordering=-priority&page=2',
        ),
        false,
      ),
    ).toEqual({
      scope: 'assigned',
      status: 'Control',
      priority: 'Urgent',
      overdue: true,
      search: 'visa',
      ordering: '-priority',
      limit: 20,
      offset: 20,
    });
  });

  it('leaves out what the API would refuse, and All for anyone but an Admin', () => {
    expect(tasksQuery(stateOf('status=Done&priority=Low&overdue=yes&ordering=-colour'), true)).toEqual({
      scope: 'mine',
      ordering: 'deadline',
      limit: 20,
      offset: 0,
    });
    expect(tasksQuery(stateOf('client=0&request=abc'), false)).not.toHaveProperty('client');
    expect(tasksQuery(stateOf('client=0&request=abc'), false)).not.toHaveProperty('request');
    expect(scopeOf(stateOf('scope=all'), false)).toBe('mine');
    expect(scopeOf(stateOf('scope=all'), true)).toBe('all');
  });

  it('narrows both views to the tasks about one client or one request (a record panel links so)', () => {
    expect(tasksQuery(stateOf('client=12'), false)).toEqual({
      scope: 'mine',
      client: 12,
      ordering: 'deadline',
      limit: 20,
      offset: 0,
    });
    expect(boardQuery(stateOf('view=board&scope=all&request=42'), true)).toMatchObject({
      scope: 'all',
      request: 42,
    });
    expect(tasksFiltered(stateOf('client=12'))).toBe(true);
  });

  it('asks the board for the first cards of every column, whatever the status filter', () => {
    expect(boardQuery(stateOf('view=board&status=Control&priority=Normal&page=3'), false)).toEqual({
      scope: 'mine',
      ordering: 'deadline',
      priority: 'Normal',
      limit: 50,
      offset: 0,
    });
    expect(viewOf(stateOf('view=board'))).toBe('board');
    expect(viewOf(stateOf('view=cards'))).toBe('list');
  });

  it('counts search and filters as filtering, not the scope or the view', () => {
    expect(tasksFiltered(stateOf('scope=assigned&view=board'))).toBe(false);
    expect(tasksFiltered(stateOf('overdue=true'))).toBe(true);
    expect(tasksFiltered(stateOf('search=x'))).toBe(true);
    // the board has no status filter
    expect(tasksFiltered(stateOf('view=board&status=Control'), true)).toBe(false);
  });
});
