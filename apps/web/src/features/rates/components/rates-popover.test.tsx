import { sampleRecords } from '@app/shared/rates/rates.fixtures';
import type { CurrentRates } from '@app/shared/rates/rates.schemas';
import { PAIR_REFS } from '@app/shared/rates/rates.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
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
    renderPage(<RatesPopoverContent rates={current(created)} now={new Date('2026-03-05T00:00:00Z')} />);
    expect(screen.getByTestId('rates-date')).toHaveTextContent('01/03/26');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(rows[1]).toHaveTextContent('GBP / USD1.26501.2780');
    expect(rows[4]).toHaveTextContent('GBP / AED4.64504.6930');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns once the newest set is more than 15 days old, not before', () => {
    const at = Date.parse(created);
    const { unmount } = renderPage(
      <RatesPopoverContent rates={current(created)} now={new Date(at + 15 * DAY)} />,
    );
    expect(screen.queryByTestId('rates-stale-warning')).not.toBeInTheDocument();
    unmount();
    renderPage(<RatesPopoverContent rates={current(created)} now={new Date(at + 15 * DAY + 60_000)} />);
    expect(screen.getByRole('alert')).toHaveTextContent('These rates are more than 15 days old.');
  });

  it('tells those who cannot edit rates who can, instead of asking them to update', () => {
    const stale = new Date(Date.parse(created) + 16 * DAY);
    for (const user of [
      { role: 'FO' as const, permissions: [] },
      { role: 'BO' as const, permissions: [] },
      { role: 'Accountant' as const, permissions: [] },
    ]) {
      const { unmount } = renderPage(<RatesPopoverContent rates={current(created)} now={stale} />, { user });
      const warning = screen.getByTestId('rates-stale-warning');
      expect(warning).toHaveTextContent(
        'These rates are more than 15 days old. Only an Admin or a user with the CAN_ADD_RATES permission can update them',
      );
      expect(warning).not.toHaveTextContent('Please update');
      expect(within(warning).queryByRole('link')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('keeps the update action for those who can edit rates (CAN_ADD_RATES or Admin)', () => {
    const stale = new Date(Date.parse(created) + 16 * DAY);
    for (const user of [
      { role: 'Accountant' as const, permissions: ['CAN_ADD_RATES'] },
      { role: 'Admin' as const, type: 'admin' as const, permissions: [] },
    ]) {
      const { unmount } = renderPage(<RatesPopoverContent rates={current(created)} now={stale} />, { user });
      const warning = screen.getByTestId('rates-stale-warning');
      expect(within(warning).getByRole('link', { name: 'Update the exchange rates' })).toHaveAttribute(
        'href',
        '/accounting/exchange-rates',
      );
      expect(warning).not.toHaveTextContent('CAN_ADD_RATES');
      unmount();
    }
    // an FO allowed to add rates has no rates page to go to: the warning still asks for the update
    renderPage(<RatesPopoverContent rates={current(created)} now={stale} />, {
      user: { role: 'FO', permissions: ['CAN_ADD_RATES'] },
    });
    expect(screen.getByTestId('rates-stale-warning')).toHaveTextContent('Please update the exchange rates.');
  });

  it('says so when there are no rates yet', () => {
    renderPage(<RatesPopoverContent rates={null} />);
    expect(screen.getByText('No exchange rates yet.')).toBeInTheDocument();
  });

  it('links to the exchange-rates page only for roles with the accounting section', () => {
    const { unmount } = renderPage(<RatesPopoverContent rates={current(created)} />, {
      user: { role: 'Accountant' },
    });
    expect(screen.getByRole('link', { name: 'All exchange rates' })).toHaveAttribute(
      'href',
      '/accounting/exchange-rates',
    );
    unmount();
    renderPage(<RatesPopoverContent rates={current(created)} />, {
      user: { role: 'FO', permissions: [] },
    });
    expect(screen.queryByRole('link', { name: 'All exchange rates' })).not.toBeInTheDocument();
  });
});

describe('RatesPopover', () => {
  it('loads the current rates and opens on click; the button says when an update is needed', async () => {
    const old = new Date(Date.now() - 16 * DAY).toISOString();
    const { calls } = fakeApi(({ url }) =>
      url === '/api/v1/exchange-rates/get-latest-rate/' ? json(200, { data: current(old) }) : undefined,
    );
    const { user } = renderPage(<RatesPopover />);
    const button = await screen.findByRole('button', { name: 'Exchange rates (update needed)' });
    await user.click(button);
    expect(await screen.findByTestId('rates-stale-warning')).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('get-latest-rate'))).toHaveLength(1);
  });

  it('closes with Escape even when the focus stayed on the button', async () => {
    fakeApi(({ url }) =>
      url === '/api/v1/exchange-rates/get-latest-rate/'
        ? json(200, { data: current(new Date().toISOString()) })
        : undefined,
    );
    const { user } = renderPage(<RatesPopover />);
    await user.click(await screen.findByRole('button', { name: 'Exchange rates' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
  });
});
