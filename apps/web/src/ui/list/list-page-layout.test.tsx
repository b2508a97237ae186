import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ListPageLayout, PHONE_QUERY } from './list-page-layout.tsx';

function pretendWidth(phone: boolean) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const list = original(query);
    Object.defineProperty(list, 'matches', { value: phone && query === PHONE_QUERY });
    return list;
  }) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

let restore: () => void = () => {};
afterEach(() => restore());

const page = (filtered = false) => (
  <ListPageLayout
    title="Suppliers"
    filters={<input aria-label="Search" />}
    filtered={filtered}
    onReset={vi.fn()}
  >
    <table aria-label="rows" />
  </ListPageLayout>
);

describe('ListPageLayout', () => {
  it('shows the filters on a desk-sized screen', () => {
    restore = pretendWidth(false);
    renderWithProviders(page());
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Search and filters/ })).toBeNull();
  });

  it('folds the filters behind a button on a phone, and says when some are on', async () => {
    restore = pretendWidth(true);
    const { unmount } = renderWithProviders(page());
    const toggle = screen.getByRole('button', { name: 'Search and filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    unmount();
    renderWithProviders(page(true));
    expect(screen.getByRole('button', { name: 'Search and filters (on)' })).toBeInTheDocument();
  });
});
