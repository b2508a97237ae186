import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, listOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { SuppliersPage } from './suppliers-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Suppliers list', () => {
  it('imports into suppliers, not clients', async () => {
    fakeApi({ 'GET /api/v1/suppliers/': () => listOf([], 0) });
    const { user } = renderPage(<SuppliersPage />, { path: '/directory/suppliers' });
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Import suppliers')).toBeInTheDocument();
    expect(within(dialog).queryByText('Import clients')).not.toBeInTheDocument();
  });
});
