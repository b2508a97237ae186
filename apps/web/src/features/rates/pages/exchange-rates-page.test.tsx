import { SAMPLE_PAIR_VALUES, sampleRecords } from '@app/shared/rates/rates.fixtures';
import type { RateSet } from '@app/shared/rates/rates.schemas';
import type { CurrentUser } from '@app/shared/users/user.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, json } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { formatSetDateTime } from '../components/rate-format.ts';
import { chartPoints } from '../components/rate-history-chart.tsx';
import { ExchangeRatesPage, HISTORY_PAGE_SIZE } from './exchange-rates-page.tsx';

// The staleness threshold, read through the real module; one test moves it to show the page
// follows the shared constant rather than a number of its own.
const staleness = vi.hoisted(() => ({ days: undefined as number | undefined }));
vi.mock('@app/shared/rates/rates.messages', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@app/shared/rates/rates.messages')>();
  return {
    ...actual,
    get RATES_STALE_AFTER_DAYS() {
      return staleness.days ?? actual.RATES_STALE_AFTER_DAYS;
    },
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.clear();
  staleness.days = undefined;
});

const set = (id: number, createdAt: string, values = SAMPLE_PAIR_VALUES): RateSet => ({
  id,
  created_at: createdAt,
  created_by: { id: 2, name: 'Arthur Accountant' },
  rates: sampleRecords(values, createdAt, id),
});

const today = new Date().toISOString();
const ALL = Array.from({ length: 7 }, (_, i) =>
  set(20 - i, new Date(Date.now() - i * 7 * 86_400_000).toISOString(), {
    ...SAMPLE_PAIR_VALUES,
    sell_GBP_USD: `1.${2600 + i}`,
  }),
);

const PAGE = '/accounting/exchange-rates';
/** The exchange-rates page as an Accountant who may add rates sees it. */
const openPage = (url = PAGE, user: Partial<CurrentUser> = {}) =>
  renderPage(<ExchangeRatesPage />, {
    path: PAGE,
    url,
    user: { role: 'Accountant', permissions: ['CAN_ADD_RATES'], ...user },
  });

function ratesRoute({ url }: ApiCall) {
  if (!url.startsWith('/api/v1/rates/?') && url !== '/api/v1/rates/') return undefined;
  const q = new URLSearchParams(url.split('?')[1] ?? '');
  const limit = Number(q.get('limit') ?? 20);
  const offset = Number(q.get('offset') ?? 0);
  return json(200, { data: ALL.slice(offset, offset + limit), meta: { total: ALL.length, limit, offset } });
}

describe('ExchangeRatesPage', () => {
  it('lists the sets newest first, five a page, and pages through the history', async () => {
    const { calls } = fakeApi(ratesRoute);
    const { user } = openPage();
    await waitFor(() => expect(screen.getAllByTestId('rate-set')).toHaveLength(HISTORY_PAGE_SIZE));
    const cards = screen.getAllByTestId('rate-set');
    expect(cards.map((c) => c.dataset.setId)).toEqual(['20', '19', '18', '17', '16']);
    expect(within(cards[0]!).getByText('Current')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Current')).not.toBeInTheDocument();
    expect(within(cards[0]!).getByText('Entered by Arthur Accountant')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('rate-set').map((c) => c.dataset.setId)).toEqual(['15', '14']),
    );
    expect(calls.some((c) => c.url === `/api/v1/rates/?limit=${HISTORY_PAGE_SIZE}&offset=5`)).toBe(true);
  });

  it("opens 'New rates' pre-filled from the newest set, and 'New set from this one' from that set", async () => {
    fakeApi(ratesRoute);
    const { user } = openPage();
    await waitFor(() => expect(screen.getAllByTestId('rate-set')).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: 'New rates' }));
    expect(screen.getByRole('dialog', { name: 'New exchange rate' })).toBeInTheDocument();
    expect(document.getElementById('sell_GBP_USD')).toHaveValue('1.26');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const third = screen.getAllByTestId('rate-set')[2]!;
    await user.click(within(third).getByRole('button', { name: 'New set from this one' }));
    expect(document.getElementById('sell_GBP_USD')).toHaveValue('1.2602');
  });

  it("renews a set through the read-only 'Update exchange rate' dialog", async () => {
    fakeApi(ratesRoute);
    const { user } = openPage();
    await waitFor(() => expect(screen.getAllByTestId('rate-set')).toHaveLength(5));
    await user.click(within(screen.getAllByTestId('rate-set')[1]!).getByRole('button', { name: 'Renew' }));
    expect(screen.getByRole('dialog', { name: 'Update exchange rate' })).toBeInTheDocument();
    expect(document.getElementById('sell_GBP_USD')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it('says which set is now current after a save, and shows it on the first page', async () => {
    const stored = set(21, '2026-11-23T17:13:00Z');
    const { calls } = fakeApi(
      ({ method }) => (method === 'POST' ? json(201, { data: stored }) : undefined),
      ratesRoute,
    );
    const { user, router } = openPage(`${PAGE}?page=2`);
    await waitFor(() => expect(screen.getAllByTestId('rate-set')).toHaveLength(2));
    await user.click(within(screen.getAllByTestId('rate-set')[0]!).getByRole('button', { name: 'Renew' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(toastStore.getSnapshot().map((t) => t.message)).toContain(
      `The rates of ${formatSetDateTime(stored.created_at)} are now current.`,
    );
  });

  it("offers no 'Renew' for a set that lost a pair, only a new set from it", async () => {
    const partial = set(30, today);
    partial.rates = partial.rates.slice(2); // GBP/USD and its inverse deleted
    fakeApi(({ url }) =>
      url.startsWith('/api/v1/rates/')
        ? json(200, { data: [partial, ALL[1]], meta: { total: 2, limit: 5, offset: 0 } })
        : undefined,
    );
    openPage();
    await waitFor(() => expect(screen.getAllByTestId('rate-set')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('rate-set');
    expect(within(first!).queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'New set from this one' })).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Renew' })).toBeInTheDocument();
  });

  it('warns when the newest set is older than the shared staleness threshold, naming it', async () => {
    staleness.days = 30;
    const daysOld = (days: number) => [set(40, new Date(Date.now() - days * 86_400_000).toISOString())];
    let sets = daysOld(20);
    fakeApi(({ url }) =>
      url.startsWith('/api/v1/rates/')
        ? json(200, { data: sets, meta: { total: sets.length, limit: 5, offset: 0 } })
        : undefined,
    );
    const { unmount } = openPage();
    await waitFor(() => expect(screen.getAllByTestId('rate-set')).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // 20 days: fresh under a 30-day rule
    unmount();

    sets = daysOld(31);
    openPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('more than 30 days ago');
  });

  it('shows seconds only on sets that share a minute, so no two read the same', async () => {
    const sets = [
      set(52, '2026-03-01T09:30:41.000Z'),
      set(51, '2026-03-01T09:30:05.000Z'),
      set(50, '2026-02-22T09:30:05.000Z'),
    ];
    fakeApi(({ url }) =>
      url.startsWith('/api/v1/rates/')
        ? json(200, { data: sets, meta: { total: sets.length, limit: 5, offset: 0 } })
        : undefined,
    );
    openPage();
    await waitFor(() => expect(screen.getAllByTestId('rate-set')).toHaveLength(3));
    const [first, second, third] = screen.getAllByTestId('rate-set');
    const minute = formatSetDateTime(sets[0]!.created_at);
    expect(within(first!).getByText(`${minute}:41`)).toBeInTheDocument();
    expect(within(second!).getByText(`${minute}:05`)).toBeInTheDocument();
    expect(within(third!).getByText(formatSetDateTime(sets[2]!.created_at))).toBeInTheDocument();
  });

  it('tells a reader who cannot edit rates who can, when the rates are stale', async () => {
    const old = [set(40, new Date(Date.now() - 20 * 86_400_000).toISOString())];
    fakeApi(({ url }) =>
      url.startsWith('/api/v1/rates/')
        ? json(200, { data: old, meta: { total: 1, limit: 5, offset: 0 } })
        : undefined,
    );
    openPage(PAGE, { permissions: [] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Only an Admin or a user with the CAN_ADD_RATES permission can update them',
    );
    expect(alert).not.toHaveTextContent('Ask an accountant');
  });

  it('offers no writing to a user without CAN_ADD_RATES', async () => {
    fakeApi(ratesRoute);
    openPage(PAGE, { permissions: [] });
    await waitFor(() => expect(screen.getAllByTestId('rate-set')).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'New rates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });

  it('says the history is loading until the sets arrive', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    fakeApi(async (call) => {
      await held;
      return ratesRoute(call) ?? json(404, {});
    });
    openPage();
    // the history column and the chart each say so
    expect(await screen.findAllByText('Loading…')).toHaveLength(2);
    release();
    await waitFor(() => expect(screen.getAllByTestId('rate-set')).toHaveLength(HISTORY_PAGE_SIZE));
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it("shows 'Error fetching data' when the history cannot be read", async () => {
    fakeApi(({ url }) =>
      url.startsWith('/api/v1/rates/') ? json(500, { errors: { detail: 'x' } }) : undefined,
    );
    openPage();
    expect((await screen.findAllByText('Error fetching data')).length).toBeGreaterThan(0);
  });
});

describe('chartPoints', () => {
  it("takes the pair's sell and buy of each set, oldest first, keeping the exact text for labels", () => {
    const points = chartPoints([ALL[0]!, ALL[2]!, ALL[1]!], 'GBP', 'USD');
    expect(points.map((p) => p.sellText)).toEqual(['1.2602', '1.2601', '1.2600']);
    expect(points[0]).toMatchObject({ sell: 1.2602, buy: 1.278, buyText: '1.2780' });
    expect(chartPoints([set(1, today, {})], 'GBP', 'USD')).toEqual([]);
  });
});
