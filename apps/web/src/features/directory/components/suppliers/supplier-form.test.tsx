import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { SupplierForm } from './supplier-form.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('SupplierForm', () => {
  it("keeps a minus in the payment terms and says 'Minimum value 0' rather than saving 5", async () => {
    fakeApi(({ url }) => (url.startsWith('/api/v1/suppliers/tags') ? json(200, { data: [] }) : undefined));
    const onSubmit = vi.fn(async () => {});
    const { user } = renderPage(<SupplierForm submitLabel="Create supplier" onSubmit={onSubmit} />, {
      path: '/',
    });
    const terms = screen.getByRole('textbox', { name: 'Payment terms (days)' });
    await user.type(terms, '-5');
    expect(terms).toHaveValue('-5');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Blue Yachts');
    await user.click(screen.getByRole('button', { name: 'Create supplier' }));
    expect(await screen.findByText('Minimum value 0')).toBeInTheDocument();
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(terms);
    await user.type(terms, '400');
    expect(terms).toHaveValue('400');
    expect(await screen.findByText('Maximum value 365')).toBeInTheDocument();
  });
});
