import type { LogReport, LogReportRow } from '@app/shared/reports/log-report.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, json, queryOf, routeKey } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { formatDuration, logReportEmptyText } from '../components/log-report-filters.ts';
import { LogReportPage } from './log-report-page.tsx';

const row = (id: number, patch: Partial<LogReportRow>): LogReportRow => ({
  id,
  status: 'CONFIRM',
  request: { id: 40 + id, number: `BSLF-2026-0004${id}`, url: `/requests/${40 + id}` },
  client: { id: 9, name: 'Anna Karenina' },
  office: { id: 1, title: 'London' },
  fo_manager: { id: 3, name: 'Fiona Front' },
  bo_manager: { id: 4, name: 'Boris Back' },
  submitted_at: '2026-03-02T09:00:00.000Z',
  last_event_at: '2026-03-04T13:00:00.000Z',
  confirmed_at: '2026-03-04T13:00:00.000Z',
  corrections: 2,
  time_to_confirm: 187_200,
  assignee: null,
  ...patch,
});

const CONFIRMED = row(1, {});
const SENT_BACK = row(2, {
  status: 'SENT FOR CORRECTION',
  confirmed_at: null,
  time_to_confirm: null,
  corrections: 1,
  bo_manager: null,
  assignee: { id: 4, name: 'Boris Back' },
});

const BANDS = ['day', 'two_days', 'three_days', 'week', 'longer'] as const;
const report = (data: LogReportRow[], patch: Partial<LogReport['summary']> = {}): LogReport => ({
  data,
  meta: { total: data.length, limit: 50, offset: 0 },
  summary: {
    records: data.length,
    by_status: {
      NEW: 0,
      'SENT FOR CORRECTION': data.filter((r) => r.status === 'SENT FOR CORRECTION').length,
      CONFIRM: data.filter((r) => r.status === 'CONFIRM').length,
    },
    average_time_to_confirm: 187_200,
    median_time_to_confirm: 187_200,
    corrections: 3,
    time_to_confirm_bands: BANDS.map((band) => ({ band, records: band === 'three_days' ? 1 : 0 })),
    ...patch,
  },
});

const pickers = (call: ApiCall) =>
  routeKey(call) === 'GET /api/v1/region/'
    ? json(200, { data: [{ id: 2, title: 'Dubai', ccy: 'AED' }], meta: { total: 1, limit: 20, offset: 0 } })
    : undefined;

function setup(url: string, answer: LogReport) {
  const api = fakeApi({ 'GET /api/v1/reports/log-report/': () => json(200, answer) }, pickers);
  const rendered = renderPage(<LogReportPage />, {
    path: '/reports/log-report',
    url,
    user: { role: 'Accountant' },
    extraRoutes: { '/requests/:id': <p>request page</p> },
  });
  const lastQuery = () => Object.fromEntries(queryOf(api.callsTo('GET /api/v1/reports/log-report/').at(-1)!));
  return { ...api, ...rendered, lastQuery };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('/reports/log-report', () => {
  it('opens filtered by the workspace link (?status=NEW) and shows the totals and the rows', async () => {
    const { lastQuery } = setup('/reports/log-report?status=NEW', report([CONFIRMED, SENT_BACK]));
    const table = await screen.findByRole('table', { name: 'LOG records' });
    await within(table).findByRole('link', { name: 'BSLF-2026-00041' });
    expect(lastQuery()).toEqual({ limit: '50', offset: '0', ordering: '-submitted', status: 'NEW' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove NEW' })).toBeInTheDocument();

    const totals = screen.getAllByTestId('report-total').map((el) => el.textContent);
    expect(totals).toEqual(['2', '0', '1', '2 d 4 h', '3']);
    expect(screen.getByRole('group', { name: 'Average time to confirm' })).toHaveTextContent(
      'median 2 d 4 h',
    );

    const link = within(table).getByRole('link', { name: 'BSLF-2026-00041' });
    expect(link).toHaveAttribute('href', '/requests/41');
    const confirmed = link.closest('tr') as HTMLElement;
    expect(confirmed).toHaveTextContent('CONFIRM');
    expect(confirmed).toHaveTextContent('Anna Karenina');
    expect(confirmed).toHaveTextContent('FO Fiona Front');
    expect(confirmed).toHaveTextContent('2 d 4 h');
    // times in UTC, as the first-submitted days and the export
    expect(confirmed).toHaveTextContent('02/03/2026 09:00');
    expect(confirmed).toHaveTextContent('04/03/2026 13:00');
    expect(within(table).getByRole('columnheader', { name: /First submitted \(UTC\)/ })).toBeInTheDocument();
    const sentBack = within(table)
      .getByRole('link', { name: 'BSLF-2026-00042' })
      .closest('tr') as HTMLElement;
    expect(sentBack).toHaveTextContent('SENT FOR CORRECTION');
    expect(sentBack).toHaveTextContent('BO —');
    expect(sentBack).toHaveTextContent('Boris Back');
    const chart = screen.getByRole('figure', { name: /Time to confirm/ });
    expect(chart).toHaveTextContent('Confirmed records by time to confirm: Under a day: 0');
    expect(screen.queryByRole('img', { name: 'Confirmed records by time to confirm' })).toBeNull();
  });

  it('sends the filters and the ordering the page asks for, and keeps them in the URL', async () => {
    const { user, router, lastQuery } = setup('/reports/log-report', report([CONFIRMED]));
    await screen.findByRole('table', { name: 'LOG records' });
    await user.click(screen.getByRole('combobox', { name: 'Office' }));
    await user.click(await screen.findByRole('option', { name: /Dubai/ }));
    await waitFor(() => expect(lastQuery().office).toBe('2'));
    await user.click(screen.getByRole('button', { name: /Corrections/ }));
    await waitFor(() => expect(lastQuery().ordering).toBe('corrections'));
    expect(router.state.location.search).toBe('?office=2&ordering=corrections');
  });

  it('leaves out what the API would refuse in a hand-edited URL, and takes it out of the URL', async () => {
    const { lastQuery, router } = setup(
      '/reports/log-report?status=NEW,OPEN&office=abc&date_from=2026-03-10&date_to=2026-03-01&ordering=client',
      report([CONFIRMED]),
    );
    await screen.findByRole('table', { name: 'LOG records' });
    await waitFor(() => expect(router.state.location.search).toBe('?status=NEW&date_from=2026-03-10'));
    expect(lastQuery()).toEqual({
      limit: '50',
      offset: '0',
      ordering: '-submitted',
      status: 'NEW',
      date_from: '2026-03-10',
    });
  });

  it('says why it is empty instead of showing figures', async () => {
    setup('/reports/log-report?status=NEW&date_from=2026-03-01&date_to=2026-03-31', report([]));
    expect(await screen.findByTestId('report-empty')).toHaveTextContent(
      'No LOG records waiting for accounting first submitted between 01/03/2026 and 31/03/2026.',
    );
    expect(screen.queryByRole('table', { name: 'LOG records' })).toBeNull();
    expect(screen.queryAllByTestId('report-total')).toEqual([]);
  });
});

describe('LOG-report wording', () => {
  it('formats a time to confirm as people say it', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(20)).toBe('< 1 min');
    expect(formatDuration(12 * 60)).toBe('12 min');
    expect(formatDuration(5 * 3600 + 20 * 60)).toBe('5 h 20 min');
    expect(formatDuration(45_001)).toBe('12 h 30 min');
    expect(formatDuration(86_400)).toBe('1 d');
    expect(formatDuration(187_200)).toBe('2 d 4 h');
    expect(formatDuration(792_000)).toBe('9 d 4 h');
  });

  it('explains an empty report from its filters', () => {
    expect(logReportEmptyText({})).toMatch(/^No request has been submitted to accounting yet/);
    expect(logReportEmptyText({ status: 'CONFIRM,SENT FOR CORRECTION', office: 2 })).toBe(
      'No LOG records sent for correction or confirmed in this office.',
    );
    expect(logReportEmptyText({ search: '00042', manager: 4, date_to: '2026-03-31' })).toBe(
      'No LOG records with a request number containing “00042” for this manager first submitted on or before 31/03/2026.',
    );
  });
});
