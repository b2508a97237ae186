import type { Region } from '@app/shared/rates/regions.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, json } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { toastStore } from '../../../ui/toasts/toast-store.ts';
import { RegionsPanel } from './regions-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.clear();
});

function regionsServer(initial: Region[]) {
  let regions = [...initial];
  return fakeApi(({ method, url, body }: ApiCall) => {
    if (url.startsWith('/api/v1/currencies/')) {
      return json(200, {
        data: ['GBP', 'USD', 'EUR', 'AED'].map((named, i) => ({ id: i + 1, named, title: named })),
      });
    }
    if (method === 'GET' && url.startsWith('/api/v1/region/')) {
      return json(200, { data: regions, meta: { total: regions.length, limit: 500, offset: 0 } });
    }
    if (method === 'POST' && url === '/api/v1/region/') {
      const b = body as { title: string; ccy: string };
      if (regions.some((r) => r.title.toLowerCase() === b.title.toLowerCase())) {
        return json(400, { errors: { title: ['Should be unique'] } });
      }
      const created = { id: 99, ...b } as Region;
      regions = [...regions, created];
      return json(201, { data: created });
    }
    const put = method === 'PUT' ? /^\/api\/v1\/region\/(\d+)$/.exec(url) : null;
    if (put) {
      const b = body as { title: string; ccy: string };
      const updated = { id: Number(put[1]), ...b } as Region;
      regions = regions.map((r) => (r.id === updated.id ? updated : r));
      return json(200, { data: updated });
    }
    if (method === 'DELETE') {
      // a business rule, as the server sends it: the code becomes the toast's title
      return json(400, {
        errors: [
          {
            code: 'in_use',
            detail: 'The region London is the office of 3 users. Move them to another region first.',
          },
        ],
      });
    }
    return undefined;
  });
}

const LONDON: Region = { id: 1, title: 'London', ccy: 'GBP' };

describe('RegionsPanel', () => {
  it('lets Admin add a region with its currency, and shows a duplicate title next to the field', async () => {
    const { calls } = regionsServer([LONDON]);
    const { user } = renderPage(<RegionsPanel />, { user: { role: 'Admin', type: 'admin' } });
    expect(await screen.findByText('London')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add region' }));
    const dialog = screen.getByRole('dialog', { name: 'New region' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('Required field')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'london');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Currency/ }), 'GBP');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Should be unique')).toBeInTheDocument();
    // under the field, not repeated in a toast
    expect(toastStore.getSnapshot()).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: /Title/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Paris');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Currency/ }), 'EUR');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New region' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ title: 'Paris', ccy: 'EUR' });
    expect(await screen.findByText('Paris')).toBeInTheDocument();
  });

  it("lets Admin edit a region's title and currency, starting from the stored values", async () => {
    const { calls } = regionsServer([LONDON, { id: 2, title: 'Dubai', ccy: 'AED' }]);
    const { user } = renderPage(<RegionsPanel />, { user: { role: 'Admin', type: 'admin' } });
    await user.click(await screen.findByRole('button', { name: 'Edit Dubai' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit region' });
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    const currency = within(dialog).getByRole('combobox', { name: /Currency/ });
    expect(title).toHaveValue('Dubai');
    expect(currency).toHaveValue('AED');

    await user.clear(title);
    await user.type(title, '  Dubai office ');
    await user.selectOptions(currency, 'USD');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit region' })).not.toBeInTheDocument(),
    );

    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toEqual([
      { method: 'PUT', url: '/api/v1/region/2', body: { title: 'Dubai office', ccy: 'USD' } },
    ]);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    const row = (await screen.findByText('Dubai office')).closest('tr')!;
    expect(within(row).getByText('USD')).toBeInTheDocument();
  });

  it('asks before deleting and keeps a region the server refuses to delete', async () => {
    const { calls } = regionsServer([LONDON]);
    const { user } = renderPage(<RegionsPanel />, { user: { role: 'Admin', type: 'admin' } });
    await user.click(await screen.findByRole('button', { name: 'Delete London' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete region' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v1/region/1')).toBe(true),
    );
    expect(screen.getByText('London')).toBeInTheDocument();
    // the HTTP layer shows why, titled by the rule's code
    await waitFor(() =>
      expect(toastStore.getSnapshot()).toContainEqual(
        expect.objectContaining({
          kind: 'error',
          title: 'In use',
          message: 'The region London is the office of 3 users. Move them to another region first.',
        }),
      ),
    );
  });

  it('is read-only for everyone else', async () => {
    regionsServer([LONDON]);
    renderPage(<RegionsPanel />, { user: { role: 'Accountant' } });
    expect(await screen.findByText('London')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add region' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
