import type { XeroStatus } from '@app/shared/xero/xero.schemas';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { xeroKeys } from '../../../lib/xero/xero-keys.ts';
import { fakeApi, json, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { XeroCallbackPage } from './xero-callback-page.tsx';

const CONNECTED: XeroStatus = {
  configured: true,
  authorized: true,
  connection: {
    tenant_id: 't-1',
    tenant_name: 'Demo Company (Global)',
    connected_by: { id: 2, name: 'Arthur Accountant' },
    connected_at: '2026-11-25T10:00:00Z',
  },
  run: null,
};

beforeEach(() => {
  toastStore.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const page = (url: string) =>
  renderPage(<XeroCallbackPage />, {
    path: '/xero/callback',
    url,
    user: { role: 'Accountant' },
    extraRoutes: { '/accounting/client-invoices': <p>invoices</p>, '/accounting': <p>accounting</p> },
  });

describe('/xero/callback', () => {
  it('passes the code and state to the server once, says which organisation, and goes back to the page left', async () => {
    sessionStorage.setItem('xero.returnTo', '/accounting/client-invoices');
    const api = fakeApi({ 'GET /api/v1/xero/code/': () => json(200, { data: CONNECTED }) });
    const { router, client } = page('/xero/callback?code=abc&state=s-1&scope=openid');
    expect(await screen.findByText('invoices')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/accounting/client-invoices');
    const calls = api.callsTo('GET /api/v1/xero/code/');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(queryOf(calls[0]))).toEqual({ code: 'abc', state: 's-1' });
    expect(toastStore.getSnapshot().map((t) => t.message)).toEqual([
      'Connected to Xero: Demo Company (Global)',
    ]);
    expect(client.getQueryData(xeroKeys.status)).toMatchObject({ authorized: true });
    expect(sessionStorage.getItem('xero.returnTo')).toBeNull();
  });

  it('shows the server’s refusal of a declined consent, with a way back', async () => {
    const api = fakeApi({
      'GET /api/v1/xero/code/': () =>
        json(400, { errors: { detail: 'The connection to Xero was declined.' } }),
    });
    const { user, router } = page('/xero/callback?error=access_denied&state=s-2');
    expect(await screen.findByRole('alert')).toHaveTextContent('The connection to Xero was declined.');
    expect(Object.fromEntries(queryOf(api.callsTo('GET /api/v1/xero/code/')[0]))).toEqual({
      error: 'access_denied',
      state: 's-2',
    });
    expect(toastStore.getSnapshot()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Back to where you were' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounting'));
  });

  it('calls nothing when Xero sent no state', async () => {
    const api = fakeApi({});
    page('/xero/callback');
    expect(await screen.findByRole('alert')).toHaveTextContent(/without saying how the connection went/);
    expect(api.calls).toEqual([]);
  });
});
