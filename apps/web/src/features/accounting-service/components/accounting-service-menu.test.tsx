import { XERO_NOT_CONFIGURED, XERO_SYNC_SUCCESS } from '@app/shared/xero/xero.messages';
import type { XeroStatus, XeroSyncRun } from '@app/shared/xero/xero.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openXeroConsent } from '../../../lib/xero/open-consent.ts';
import { type ApiHandlers, fakeApi, json } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { AccountingServiceDialogs } from './accounting-service-dialogs.tsx';
import { AccountingServiceMenu } from './accounting-service-menu.tsx';
import { useAccountingService } from './use-accounting-service.ts';

vi.mock('../../../lib/xero/open-consent.ts', () => ({ openXeroConsent: vi.fn() }));

const ACCOUNTANT = { role: 'Accountant' as const, name: 'Arthur Accountant' };

const NOT_AUTHORIZED: XeroStatus = { configured: true, authorized: false, connection: null, run: null };
const AUTHORIZED: XeroStatus = {
  configured: true,
  authorized: true,
  connection: {
    tenant_id: 't-1',
    tenant_name: 'Demo Company (Global)',
    connected_by: { id: 2, name: 'Arthur Accountant' },
    connected_at: '2026-11-20T10:00:00Z',
  },
  run: null,
};

const run = (patch: Partial<XeroSyncRun> = {}): XeroSyncRun => ({
  id: 5,
  kind: 'contacts',
  status: 'running',
  done: 12,
  total: 40,
  created: 0,
  updated: 0,
  pulled: 0,
  failed: 0,
  errors: [],
  message: null,
  requested_by: { id: 2, name: 'Arthur Accountant' },
  created_at: '2026-11-25T10:00:00Z',
  started_at: '2026-11-25T10:00:01Z',
  finished_at: null,
  ...patch,
});

function Host() {
  const service = useAccountingService(true);
  return (
    <>
      <AccountingServiceMenu service={service} />
      <AccountingServiceDialogs service={service} />
    </>
  );
}

function setup(status: XeroStatus, handlers: ApiHandlers = {}) {
  const api = fakeApi(handlers, { 'GET /api/v1/xero/isauth/': () => json(200, { data: status }) });
  const view = renderPage(<Host />, { path: '/accounting/client-invoices', user: ACCOUNTANT });
  const button = () => screen.getByTestId('accounting-service-button');
  const open = async () => {
    await waitFor(() => expect(api.callsTo('GET /api/v1/xero/isauth/')).not.toHaveLength(0));
    await view.user.click(button());
    return screen.findByRole('menu');
  };
  return { ...api, ...view, button, open };
}

const toasts = () => toastStore.getSnapshot().map((t) => ({ kind: t.kind, message: t.message }));

beforeEach(() => {
  toastStore.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the accounting-service menu (spec 4, issue 15)', () => {
  it('says the server is not configured and offers nothing to do', async () => {
    const { open, button } = setup({ ...NOT_AUTHORIZED, configured: false });
    const menu = await open();
    expect(await within(menu).findByText(XERO_NOT_CONFIGURED)).toBeInTheDocument();
    expect(within(menu).getByText('Xero: not configured')).toBeInTheDocument();
    for (const name of [
      'Connect to Xero',
      'Sync contacts',
      'Push invoices and payments',
      'Account codes…',
      'Disconnect',
    ]) {
      expect(within(menu).getByRole('menuitem', { name })).toBeDisabled();
    }
    expect(button()).toHaveAttribute('data-state', 'not-connected');
  });

  it('offers Connect but keeps the syncs disabled until authorized; Connect opens the consent URL and remembers the page', async () => {
    const { open, button, user, callsTo } = setup(NOT_AUTHORIZED, {
      'GET /api/v1/xero/auth/': () => json(200, { data: { url: 'https://login.xero.test/consent?x=1' } }),
    });
    const menu = await open();
    expect(await within(menu).findByText('Xero: not connected')).toBeInTheDocument();
    expect(button()).toHaveAttribute('data-state', 'not-connected');
    expect(button()).toHaveAccessibleName('Accounting service (Xero): not connected');
    expect(within(menu).getByRole('menuitem', { name: 'Sync contacts' })).toBeDisabled();
    expect(within(menu).getByRole('menuitem', { name: 'Push invoices and payments' })).toBeDisabled();
    expect(within(menu).getByRole('menuitem', { name: 'Disconnect' })).toBeDisabled();
    await user.click(within(menu).getByRole('menuitem', { name: 'Connect to Xero' }));
    await waitFor(() => expect(openXeroConsent).toHaveBeenCalledWith('https://login.xero.test/consent?x=1'));
    expect(callsTo('GET /api/v1/xero/auth/')).toHaveLength(1);
    expect(sessionStorage.getItem('xero.returnTo')).toBe('/accounting/client-invoices');
  });

  it('is green once authorized and says which organisation, who connected it and when', async () => {
    const { open, button } = setup(AUTHORIZED);
    await waitFor(() => expect(button()).toHaveAttribute('data-state', 'connected'));
    expect(button()).toHaveAccessibleName('Accounting service (Xero): connected');
    const menu = await open();
    const line = 'Demo Company (Global), connected by Arthur Accountant on 20/11/2026';
    expect(within(menu).getByText((_, el) => el?.tagName === 'P' && el.textContent === line)).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: 'Sync contacts' })).toBeEnabled();
    expect(within(menu).getByRole('menuitem', { name: 'Push invoices and payments' })).toBeEnabled();
  });

  it('syncs the contacts, shows the progress, then exactly the run’s success message', async () => {
    let polls = 0;
    const { open, user } = setup(AUTHORIZED, {
      'GET /api/v1/xero/contacts/': () => json(200, { data: run() }),
      'GET /api/v1/xero/runs/5/': () => {
        polls += 1;
        return json(200, {
          data: run({ status: 'done', done: 40, created: 40, message: XERO_SYNC_SUCCESS }),
        });
      },
    });
    const menu = await open();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sync contacts' }));
    expect(await within(menu).findByText('Syncing contacts… 12 of 40')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sync contacts' })).toBeDisabled();
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Xero sync success;' }]), {
      timeout: 3000,
    });
    expect(polls).toBe(1);
    expect(within(menu).queryByText(/Syncing contacts/)).not.toBeInTheDocument();
  });

  it('says how many records failed and lists each with Xero’s words', async () => {
    const failed = run({
      kind: 'invoices',
      status: 'done',
      done: 3,
      total: 3,
      created: 1,
      failed: 2,
      message: '2 of 3 records failed',
      errors: [
        { kind: 'invoice', record_id: 9, label: 'TPRO-INV-2026-0007', message: 'Sync contacts first' },
        { kind: 'bill', record_id: 4, label: 'Bill B-12', message: 'Account code 999 is not a valid code' },
      ],
    });
    const { open, user, callsTo } = setup(AUTHORIZED, {
      'POST /api/v1/xero/invoices/': () => json(200, { data: failed }),
      'GET /api/v1/xero/runs/5/': () => json(200, { data: failed }),
    });
    const menu = await open();
    await user.click(within(menu).getByRole('menuitem', { name: 'Push invoices and payments' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: '2 of 3 records failed' }]));
    expect(callsTo('POST /api/v1/xero/invoices/')).toHaveLength(1);
    await user.click(await screen.findByRole('menuitem', { name: 'See what failed (2 records failed)' }));
    const dialog = await screen.findByRole('dialog', { name: 'What Xero refused' });
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'InvoiceTPRO-INV-2026-0007Sync contacts first',
      'BillBill B-12Account code 999 is not a valid code',
    ]);
  });

  it('shows the progress of a run already under way when the menu opens', async () => {
    const { open } = setup(
      { ...AUTHORIZED, run: run({ done: 3, total: 10 }) },
      { 'GET /api/v1/xero/runs/5/': () => json(200, { data: run({ done: 3, total: 10 }) }) },
    );
    const menu = await open();
    expect(await within(menu).findByText('Syncing contacts… 3 of 10')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sync contacts' })).toBeDisabled();
  });

  it('asks before disconnecting, and disconnects only on Yes', async () => {
    const { open, user, callsTo, button } = setup(AUTHORIZED, {
      'POST /api/v1/xero/disconnect/': () => json(200, { data: NOT_AUTHORIZED }),
    });
    let menu = await open();
    await user.click(within(menu).getByRole('menuitem', { name: 'Disconnect' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disconnect Xero?' });
    expect(within(dialog).getByText(/Demo Company \(Global\) will be disconnected/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('POST /api/v1/xero/disconnect/')).toHaveLength(0);
    expect(button()).toHaveAttribute('data-state', 'connected');

    menu = await open();
    await user.click(within(menu).getByRole('menuitem', { name: 'Disconnect' }));
    dialog = await screen.findByRole('dialog', { name: 'Disconnect Xero?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(button()).toHaveAttribute('data-state', 'not-connected'));
    expect(callsTo('POST /api/v1/xero/disconnect/')).toHaveLength(1);
  });
});
