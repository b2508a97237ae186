import type { Region } from '@app/shared/rates/regions.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, fakeServer, json, renderWithApp } from '../testing/rates-testing.tsx';
import { RegionsPanel } from './regions-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

function regionsServer(initial: Region[]) {
  let regions = [...initial];
  return fakeServer(({ method, url, body }: FetchCall) => {
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
    if (method === 'DELETE') {
      return json(400, {
        errors: {
          detail: ['The region London is the office of 3 users. Move them to another region first.'],
        },
      });
    }
    return undefined;
  });
}

const LONDON: Region = { id: 1, title: 'London', ccy: 'GBP' };

describe('RegionsPanel', () => {
  it('lets Admin add a region with its currency, and shows a duplicate title next to the field', async () => {
    const { calls } = regionsServer([LONDON]);
    const { user } = renderWithApp(<RegionsPanel />, { user: { role: 'Admin', type: 'admin' } });
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

    await user.clear(within(dialog).getByRole('textbox', { name: /Title/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Paris');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Currency/ }), 'EUR');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New region' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ title: 'Paris', ccy: 'EUR' });
    expect(await screen.findByText('Paris')).toBeInTheDocument();
  });

  it('asks before deleting and keeps a region the server refuses to delete', async () => {
    const { calls } = regionsServer([LONDON]);
    const { user } = renderWithApp(<RegionsPanel />, { user: { role: 'Admin', type: 'admin' } });
    await user.click(await screen.findByRole('button', { name: 'Delete London' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete region' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/v1/region/1')).toBe(true),
    );
    expect(screen.getByText('London')).toBeInTheDocument();
  });

  it('is read-only for everyone else', async () => {
    regionsServer([LONDON]);
    renderWithApp(<RegionsPanel />, { user: { role: 'Accountant' } });
    expect(await screen.findByText('London')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add region' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
