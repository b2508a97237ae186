import { sampleRecords } from '@app/shared/rates/rates.fixtures';
import type { CurrentRates } from '@app/shared/rates/rates.schemas';
import { PAIR_REFS } from '@app/shared/rates/rates.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, renderWithApp } from '../testing/rates-testing.tsx';
import { RatesPopover, RatesPopoverContent } from './rates-popover.tsx';

afterEach(() => vi.unstubAllGlobals());

const DAY = 86_400_000;
const current = (createdAt: string): CurrentRates => ({
  id: 4,
  created_at: createdAt,
  created_by: null,
  rates: sampleRecords(undefined, createdAt, 4),
  pairs: PAIR_REFS,
});

describe('RatesPopoverContent', () => {
  const created = '2026-03-01T09:30:00.000Z';

  it('shows the date as dd/MM/yy and the current table', () => {
    renderWithApp(<RatesPopoverContent rates={current(created)} now={new Date('2026-03-05T00:00:00Z')} />);
    expect(screen.getByTestId('rates-date')).toHaveTextContent('01/03/26');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(rows[1]).toHaveTextContent('GBP / USD1.26501.2780');
    expect(rows[4]).toHaveTextContent('GBP / AED4.64504.6930');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns once the newest set is more than 15 days old, not before', () => {
    const at = Date.parse(created);
    const { unmount } = renderWithApp(
      <RatesPopoverContent rates={current(created)} now={new Date(at + 15 * DAY)} />,
    );
    expect(screen.queryByTestId('rates-stale-warning')).not.toBeInTheDocument();
    unmount();
    renderWithApp(<RatesPopoverContent rates={current(created)} now={new Date(at + 15 * DAY + 60_000)} />);
    expect(screen.getByRole('alert')).toHaveTextContent('These rates are more than 15 days old.');
  });

  it('says so when there are no rates yet', () => {
    renderWithApp(<RatesPopoverContent rates={null} />);
    expect(screen.getByText('No exchange rates yet.')).toBeInTheDocument();
  });

  it('links to the exchange-rates page only for roles with the accounting section', () => {
    const { unmount } = renderWithApp(<RatesPopoverContent rates={current(created)} />, {
      user: { role: 'Accountant' },
    });
    expect(screen.getByRole('link', { name: 'All exchange rates' })).toHaveAttribute(
      'href',
      '/accounting/exchange-rates',
    );
    unmount();
    renderWithApp(<RatesPopoverContent rates={current(created)} />, {
      user: { role: 'FO', permissions: [] },
    });
    expect(screen.queryByRole('link', { name: 'All exchange rates' })).not.toBeInTheDocument();
  });
});

describe('RatesPopover', () => {
  it('loads the current rates and opens on click; the button says when an update is needed', async () => {
    const old = new Date(Date.now() - 16 * DAY).toISOString();
    const { calls } = fakeServer(({ url }) =>
      url === '/api/v1/exchange-rates/get-latest-rate/' ? json(200, { data: current(old) }) : undefined,
    );
    const { user } = renderWithApp(<RatesPopover />);
    const button = await screen.findByRole('button', { name: 'Exchange rates (update needed)' });
    await user.click(button);
    expect(await screen.findByTestId('rates-stale-warning')).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('get-latest-rate'))).toHaveLength(1);
  });

  it('closes with Escape even when the focus stayed on the button', async () => {
    fakeServer(({ url }) =>
      url === '/api/v1/exchange-rates/get-latest-rate/'
        ? json(200, { data: current(new Date().toISOString()) })
        : undefined,
    );
    const { user } = renderWithApp(<RatesPopover />);
    await user.click(await screen.findByRole('button', { name: 'Exchange rates' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
  });
});
