import type { PeriodLock } from '@app/shared/accounting/period-locks.schemas';
import type { Workspace } from '@app/shared/accounting/workspace.schemas';
import type { Role } from '@app/shared/auth/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiHandlers, fakeApi, json, listOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { closableMonths } from '../components/period-locks/month-options.ts';
import { AccountingWorkspacePage } from './accounting-workspace-page.tsx';

const WORKSPACE: Workspace = {
  counts: [
    {
      key: 'unmatched_transactions',
      label: 'Unmatched transactions',
      count: 1234,
      href: '/accounting/transactions?match_status=unmatched',
    },
    {
      key: 'invoices_to_issue',
      label: 'Requests to invoice',
      count: 0,
      href: '/requests?to_invoice=true',
    },
    {
      key: 'overdue_invoices',
      label: 'Overdue client invoices',
      count: 3,
      href: '/accounting/client-invoices?overdue=true',
    },
  ],
  rates: { newest_set_at: '2026-03-01T09:00:00Z', age_days: 9, stale: true, href: '/rates/exchange-rates' },
};

const COMPANIES = [
  { id: 2, named: 'TPRO', name: 'TPRO Travel Ltd', base_currency: 'GBP' },
  { id: 3, named: 'BSLF', name: 'Bespoke Life FZ', base_currency: 'AED' },
];

const LOCKS: PeriodLock[] = [
  {
    company: { id: 2, code: 'TPRO', name: 'TPRO Travel Ltd' },
    month: '2026-02-01',
    locked: true,
    locked_at: '2026-03-02T10:00:00Z',
    locked_by: { id: 4, name: 'Arthur Accountant' },
    reopened_at: null,
    reopened_by: null,
  },
  {
    company: { id: 3, code: 'BSLF', name: 'Bespoke Life FZ' },
    month: '2026-01-01',
    locked: false,
    locked_at: '2026-02-02T10:00:00Z',
    locked_by: { id: 4, name: 'Arthur Accountant' },
    reopened_at: '2026-02-05T10:00:00Z',
    reopened_by: { id: 1, name: 'Ada Admin' },
  },
];

function setup(role: Role, extra: ApiHandlers = {}, workspace: Workspace = WORKSPACE) {
  const api = fakeApi(extra, {
    'GET /api/v1/accounting/workspace/': () => json(200, { data: workspace }),
    'GET /api/v1/companies/': () => listOf(COMPANIES),
    'GET /api/v1/period-locks/': () => json(200, { data: LOCKS }),
  });
  const page = renderPage(<AccountingWorkspacePage />, {
    path: '/accounting/accounting-workspace',
    user: { role },
  });
  return { ...api, ...page };
}

afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.clear();
});

describe('/accounting/accounting-workspace', () => {
  it('shows each count as a card linking to its filtered list, zero calmly, and the stale-rate alert', async () => {
    setup('Accountant');
    const unmatched = await screen.findByRole('link', { name: /Unmatched transactions/ });
    expect(unmatched).toHaveAttribute('href', '/accounting/transactions?match_status=unmatched');
    expect(unmatched).toHaveTextContent('1 234');
    expect(unmatched).toHaveTextContent('Bank lines waiting to be matched');
    const toIssue = screen.getByRole('link', { name: /Requests to invoice/ });
    expect(toIssue).toHaveAttribute('href', '/requests?to_invoice=true');
    expect(toIssue).toHaveTextContent('0');
    expect(toIssue).toHaveTextContent('Nothing to invoice');
    expect(screen.getByRole('link', { name: /Overdue client invoices/ })).toHaveAttribute(
      'href',
      '/accounting/client-invoices?overdue=true',
    );

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Exchange rates are out of date');
    expect(alert).toHaveTextContent('Rates last entered 9 days ago.');
    expect(within(alert).getByRole('link', { name: 'Enter today’s rates' })).toHaveAttribute(
      'href',
      '/rates/exchange-rates',
    );
  });

  it('says quietly how old fresh rates are', async () => {
    setup('Accountant', {}, { ...WORKSPACE, rates: { ...WORKSPACE.rates, age_days: 2, stale: false } });
    expect(await screen.findByTestId('rates-fresh')).toHaveTextContent('Rates last entered 2 days ago');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes a month for a company after a confirmation naming what it stops', async () => {
    const month = closableMonths(new Date())[0];
    if (!month) throw new Error('no month');
    const { user, callsTo } = setup('Accountant', {
      'POST /api/v1/period-locks/': () => json(201, { data: LOCKS[0] }),
    });
    await user.click(await screen.findByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: /TPRO/ }));
    await user.click(screen.getByRole('combobox', { name: 'Month' }));
    await user.click(await screen.findByRole('option', { name: month.named }));
    await user.click(screen.getByRole('button', { name: 'Close month' }));

    const dialog = await screen.findByRole('dialog', { name: `Close ${month.named} for TPRO?` });
    expect(dialog).toHaveTextContent(
      `Nothing dated in ${month.named} can be created, changed or deleted for TPRO until an Admin reopens it.`,
    );
    expect(callsTo('POST /api/v1/period-locks/')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close month' }));
    await waitFor(() => expect(callsTo('POST /api/v1/period-locks/')).toHaveLength(1));
    expect(callsTo('POST /api/v1/period-locks/')[0]?.body).toEqual({ company: 2, month: month.value });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal inside the confirmation', async () => {
    const month = closableMonths(new Date())[0];
    if (!month) throw new Error('no month');
    const { user } = setup('Accountant', {
      'POST /api/v1/period-locks/': () =>
        json(400, { errors: { detail: `${month.named} is already closed for TPRO` } }),
    });
    await user.click(await screen.findByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: /TPRO/ }));
    await user.click(screen.getByRole('combobox', { name: 'Month' }));
    await user.click(await screen.findByRole('option', { name: month.named }));
    await user.click(screen.getByRole('button', { name: 'Close month' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close month' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `${month.named} is already closed for TPRO`,
    );
  });

  it('lists closed months with who and when, a reopened one struck; no Reopen for an Accountant', async () => {
    setup('Accountant');
    const table = await screen.findByRole('table', { name: 'Closed months' });
    expect(table).toHaveTextContent('February 2026');
    expect(table).toHaveTextContent('Closed by Arthur Accountant on');
    expect(table).toHaveTextContent('Reopened by Ada Admin on');
    expect(within(table).getByText('January 2026')).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(table).queryByRole('button', { name: /Reopen/ })).not.toBeInTheDocument();
  });

  it('lets an Admin reopen a closed month after a confirmation', async () => {
    const { user, callsTo } = setup('Admin', {
      'DELETE /api/v1/period-locks/2/2026-02/': () => json(204, null),
    });
    const table = await screen.findByRole('table', { name: 'Closed months' });
    // a reopened month offers nothing more
    expect(within(table).getAllByRole('button', { name: /Reopen/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Reopen February 2026 for TPRO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen February 2026 for TPRO?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen month' }));
    await waitFor(() => expect(callsTo('DELETE /api/v1/period-locks/2/2026-02/')).toHaveLength(1));
  });
});
