/** The task list calls the bench times: who asks (a user or the Admin) and the query of each run. */

export interface TasksSample {
  tasks: number;
  users: number;
  /** Bench users with a token each: the "mine" and "assigned" calls rotate over them. */
  people: Array<{ id: number; token: string }>;
  adminId: number;
}

export interface ListFilter {
  name: string;
  /** Whose token: one of the bench users (by run) or the Admin. */
  as: 'user' | 'admin';
  query: (sample: TasksSample, run: number) => Record<string, string>;
}

const OPEN = ['In progress', 'Not started'];
const WORDS = ['passport', 'invoice', 'yacht', 'chauffeur', 'restaurant', 'visa', 'lounge', 'flowers'];
const at = <T>(list: T[], run: number) => list[run % list.length]!;

export const LIST_FILTERS: ListFilter[] = [
  { name: 'mine (by deadline)', as: 'user', query: () => ({ scope: 'mine' }) },
  {
    name: 'mine + status + overdue',
    as: 'user',
    query: (_, run) => ({ scope: 'mine', status: at(OPEN, run), overdue: 'true' }),
  },
  { name: 'mine + search', as: 'user', query: (_, run) => ({ scope: 'mine', search: at(WORDS, run) }) },
  {
    name: 'mine + search + status + overdue',
    as: 'user',
    query: (_, run) => ({ scope: 'mine', search: at(WORDS, run), status: at(OPEN, run), overdue: 'true' }),
  },
  {
    name: 'assigned + Control (to check)',
    as: 'user',
    query: () => ({ scope: 'assigned', status: 'Control' }),
  },
  {
    name: 'mine, a board column of 100',
    as: 'user',
    query: (_, run) => ({ scope: 'mine', status: at([...OPEN, 'Control', 'Completed'], run), limit: '100' }),
  },
  { name: 'all (by deadline, Admin)', as: 'admin', query: () => ({ scope: 'all' }) },
  {
    name: 'all + status + overdue (Admin)',
    as: 'admin',
    query: (_, run) => ({ scope: 'all', status: at(OPEN, run), overdue: 'true' }),
  },
  {
    name: 'all + search (Admin)',
    as: 'admin',
    query: (_, run) => ({ scope: 'all', search: at(WORDS, run) }),
  },
  {
    name: 'all + assignee + Urgent (Admin)',
    as: 'admin',
    query: (s, run) => ({ scope: 'all', assignee: String(at(s.people, run).id), priority: 'Urgent' }),
  },
  {
    name: 'all, page 10 by -created_at (Admin)',
    as: 'admin',
    query: () => ({ scope: 'all', ordering: '-created_at', offset: '180' }),
  },
];

export const toQueryString = (query: Record<string, string>) => new URLSearchParams(query).toString();
